import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * The operator's session kept by `npm run admin -- login` (issue 14), so later commands go
 * through the server without the password in the environment: the server, the e-mail and the
 * session's tokens, in a file only its owner reads (PIPS_SESSION_FILE, default
 * ~/.config/pips/admin-session.json). `logout` ends the session on the server and removes it.
 */
export interface SavedSession {
  server: string;
  email: string;
  authToken: string;
  refreshToken: string;
}

export const sessionFile = (env: NodeJS.ProcessEnv = process.env): string => env.PIPS_SESSION_FILE || join(homedir(), '.config', 'pips', 'admin-session.json');

/** A server URL as sessions and calls use it (no trailing slash). */
export const serverBase = (url: string): string => url.replace(/\/+$/, '');

export function readSession(file: string): SavedSession | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedSession>;
    if (typeof value.server === 'string' && typeof value.email === 'string' && typeof value.authToken === 'string' && typeof value.refreshToken === 'string') {
      return value as SavedSession;
    }
  } catch {
    // none, or unreadable: as if none
  }
  return undefined;
}

export function saveSession(file: string, session: SavedSession): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function forgetSession(file: string): void {
  rmSync(file, { force: true });
}

/** Asks for a password on the terminal without echoing it; undefined when there is no terminal. */
export async function askPassword(prompt: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  // The terminal echoes what is typed through readline's output: a stream of our own that
  // passes nothing on while the password is typed.
  let asking = true;
  const muted = new Writable({
    write(chunk, encoding, done) {
      if (!asking) process.stderr.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      asking = false;
      process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
  });
}
