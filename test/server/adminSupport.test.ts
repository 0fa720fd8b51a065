import { describe, expect, it } from 'vitest';
import { runAdmin, RefusedError, UsageError } from '../../server/admin';
import { DEMO_SUPPORT, ensureDemoContent } from '../../server/db/demoContent';
import { createCommunity } from '../../server/db/repositories/communities';
import { findSupportContact, setSupportContact } from '../../server/db/repositories/support';
import { backends } from './helpers/databases';
import { expectOk, useHarness } from './helpers/harness';

describe.each(backends)('admin CLI community:support on $name', (backend) => {
  const h = useHarness(backend);

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }

  it('sets the contact that members then read in their language, shows it, replaces it and clears it', async () => {
    const member = await h.registerVerified();
    const read = async (language: string) =>
      expectOk(await h.call({ url: '/mobile/community/support', token: member.authToken, headers: { 'accept-language': language } }));

    const set = await run(
      'community:support', '--community', h.community.id, '--email', ' Help@Demo.Example ', '--url', 'https://demo.example/help',
      '--phone', '+34 600 000 000', '--text', 'We answer within a day', '--text-es', 'Respondemos en un día',
    );
    expect(set.code).toBe(0);
    expect(set.output).toContain(`Set the support contact of "${h.community.name}" (${h.community.id})`);
    expect(set.output).toContain('email:   help@demo.example');
    expect((await read('en')).contact).toEqual({
      email: 'help@demo.example', url: 'https://demo.example/help', phone: '+34 600 000 000', text: 'We answer within a day',
    });
    expect((await read('es')).contact).toMatchObject({ text: 'Respondemos en un día' });

    const shown = await run('community:support', '--community', h.community.id);
    expect(shown.code).toBe(0);
    expect(shown.output).toContain('link:    https://demo.example/help');
    expect(shown.output).toContain('text es: "Respondemos en un día"');

    // Setting again replaces the whole contact: what is left out goes.
    expect((await run('community:support', '--community', h.community.id, '--email', 'new@demo.example')).code).toBe(0);
    expect((await read('en')).contact).toEqual({ email: 'new@demo.example', url: null, phone: null, text: null });

    expect((await run('community:support', '--community', h.community.id, '--clear')).output).toContain('Removed the support contact');
    expect((await read('en')).contact).toBeNull();
    expect((await run('community:support', '--community', h.community.id)).output).toContain('has no support contact');
  });

  it('refuses bad input with a usage error naming the option, and changes nothing', async () => {
    const community = await createCommunity(h.db, 'Strict');
    const base = ['community:support', '--community', community.id];
    const refusals: [string[], RegExp][] = [
      [['community:support', '--email', 'a@b.example'], /needs --community/],
      [['community:support', '--community', 'nope', '--email', 'a@b.example'], /no community has the id nope/],
      [[...base, '--text', 'Hi'], /needs --email/],
      [[...base, '--email', 'not-an-address'], /--email is not a valid e-mail address/],
      [[...base, '--email', 'a@b.example', '--url', 'http://b.example/help'], /--url must start with https:\/\//],
      [[...base, '--email', 'a@b.example', '--url', 'javascript:alert(1)'], /--url must start with https:\/\//],
      [[...base, '--email', 'a@b.example', '--url', 'help page'], /--url must be an absolute https URL/],
      [[...base, '--email', 'a@b.example', '--phone', 'call me'], /--phone may hold/],
      [[...base, '--email', 'a@b.example', '--text', 'x'.repeat(501)], /--text must be at most 500 characters/],
      [[...base, '--email', 'a@b.example', '--clear'], /--clear cannot go with --email/],
      [[...base, '--emial', 'a@b.example'], /Unknown option '--emial'/],
    ];
    for (const [argv, message] of refusals) {
      const attempt = run(...argv);
      await expect(attempt, argv.join(' ')).rejects.toBeInstanceOf(UsageError);
      await expect(attempt, argv.join(' ')).rejects.not.toBeInstanceOf(RefusedError);
      await expect(attempt, argv.join(' ')).rejects.toThrow(message);
    }
    expect(await findSupportContact(h.db, community.id)).toBeUndefined();
  });

  it('gives the demo community a demo contact once, keeping what the operator set', async () => {
    await ensureDemoContent(h.db, h.community.id);
    expect(await findSupportContact(h.db, h.community.id)).toMatchObject({ email: DEMO_SUPPORT.email, url: DEMO_SUPPORT.url, text: DEMO_SUPPORT.text });
    await setSupportContact(h.db, h.community.id, { email: 'real@demo.example', url: null, phone: null, text: null });
    await ensureDemoContent(h.db, h.community.id);
    expect(await findSupportContact(h.db, h.community.id)).toMatchObject({ email: 'real@demo.example', text: null });
  });

  it('is listed in the help', async () => {
    const help = await run('help');
    expect(help.output).toContain('community:support --community <id>');
  });
});
