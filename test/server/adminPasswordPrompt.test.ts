import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The CLI's password prompt on a real terminal (`script` gives the child a pseudo-terminal): what
 * is typed reaches the CLI and is not echoed back.
 */
describe('the operator CLI asks for a password without echoing it', () => {
  it('reads the typed password and prints nothing of it', async () => {
    const program = `const { askPassword } = await import('./server/admin/session.ts'); const answer = await askPassword('Password: '); process.stdout.write('GOT[' + answer + ']\\n'); process.exit(0);`;
    const child = spawn('script', ['-q', '-e', '-c', `${process.execPath} --import tsx --input-type=module -e "${program}"`, '/dev/null'], { cwd: root });
    let output = '';
    let typed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Typed once the prompt is up, as a person would.
      if (!typed && output.includes('Password: ')) {
        typed = true;
        child.stdin.write('sekret42\r');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(output).toContain('GOT[sekret42]');
    expect(output.replace('GOT[sekret42]', '')).not.toContain('sekret42');
  }, 60_000);
});
