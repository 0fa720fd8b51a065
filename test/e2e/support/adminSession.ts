/**
 * The operator CLI's commands on one opening of a product's PGlite folder, for a journey that
 * prepares its content with several commands before the product starts (`runAdminCli`): each
 * command is what `npm run admin -- <args>` runs on the database, without a new process and a new
 * PGlite per command (about 2 s of CPU each). Commands arrive as IPC messages (`{ argv, env }`:
 * the arguments, and the environment the command runs with, as the test process has it then);
 * each answer is `{ code, output }`, the exit code and what the command printed (both streams).
 * Ends, closing the folder, when the parent disconnects.
 */
import { loadConfig } from '../../../server/config';
import { openAdminDatabase } from '../../../server/admin';

const send = (message: { code: number; output: string }) => process.send!(message);
let lines: string[] = [];
const io = { env: process.env, out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };

const database = await openAdminDatabase(loadConfig(process.env), io);
if (typeof database === 'number') {
  send({ code: database, output: lines.join('\n') });
  process.disconnect();
} else {
  let queue = Promise.resolve();
  process.on('message', ({ argv, env }: { argv: string[]; env: Record<string, string | undefined> }) => {
    queue = queue.then(async () => {
      lines = [];
      for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
      Object.assign(process.env, env);
      let code: number;
      try {
        code = await database.run(argv);
      } catch (error) {
        lines.push(`admin failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        code = 1;
      }
      send({ code, output: lines.join('\n') });
    });
  });
  process.once('disconnect', () => void queue.then(() => database.close()));
}
