import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Reads a gettext catalog into id -> translation (enough of PO for Lingui's output). */
function readPo(locale: string): Map<string, string> {
  // The member's catalog and the operator console's, as one.
  return new Map([...readPoFile(locale, 'messages'), ...readPoFile(locale, 'admin')]);
}

function readPoFile(locale: string, catalog: string): Map<string, string> {
  const file = resolve(import.meta.dirname, `../../../locales/${locale}/${catalog}.po`);
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) entries.set(id, str);
    id = '';
    str = '';
  };
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      field = start[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') id = unquote(start[2]);
      else str = unquote(start[2]);
    } else if (/^".*"$/.test(line) && field) {
      if (field === 'msgid') id += unquote(line);
      else str += unquote(line);
    } else {
      field = null;
    }
  }
  flush();
  return entries;
}

const en = readPo('en');
const es = readPo('es');

describe('catalogs', () => {
  it('hold the messages the app uses', () => {
    expect(en.size).toBeGreaterThan(50);
    expect(en.get('pages.login.invalidCredentials')).toBe(
      'Login failed, please check your email and password and try again.',
    );
    expect(en.get('guard.loginRequired')).toBe('Please log in to access this page.');
  });

  it('keep the operator console\'s strings out of the member\'s catalog (loaded at start)', () => {
    const member = readPoFile('en', 'messages');
    const console = readPoFile('en', 'admin');
    expect(console.get('admin.title')).toBe('Community console');
    expect([...member.keys()].filter((id) => id.startsWith('admin.'))).toEqual([]);
    expect(console.size).toBeGreaterThan(100);
  });

  it('have the same ids in English and Spanish', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('give every English message its text', () => {
    const empty = [...en].filter(([, text]) => !text.trim()).map(([id]) => id);
    expect(empty).toEqual([]);
  });

  it('translate every message into Spanish', () => {
    // Words Spanish borrows as they are: the game's name and the app's own unit; the date
    // field's DD and MM hints (the year's hint differs: AAAA).
    const sameInSpanish = new Set(['pages.earn.trivia.title', 'pages.earn.trivia.pips', 'pages.earn.chanceToWin.pips', 'pages.earn.pipsToEarn', 'pages.trivia.title', 'pages.trivia.daily.pips', 'pages.trivia.contest.pips', 'pages.home.tiles.trivia', 'pages.chanceToWin.title', 'pages.chanceToWin.playerPips', 'pages.home.tiles.chanceToWin', 'admin.earn.pips', 'admin.members.pips', 'admin.role.editor', 'admin.bulk.delta', 'admin.view.chanceToWin', 'admin.view.trivia', 'routing.title.trivia', 'pages.forms.date.day', 'pages.forms.date.month']);
    const untranslated = [...es]
      .filter(([id, text]) => !text.trim() || (text === en.get(id) && !sameInSpanish.has(id)))
      .map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('keep the placeholders of each message', () => {
    // A placeholder is `{name}` or `{name, plural|select, …}`; the words that open a plural
    // branch (`one {Ganaste # pip}`) are text, not placeholders.
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
    for (const [id, text] of en) expect(placeholders(es.get(id) ?? ''), id).toEqual(placeholders(text));
  });
});
