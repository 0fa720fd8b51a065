// `npm start`: build the PWA if it is missing or stale, then run the reference server, which
// runs the database migrations, creates the demo community on first start and serves API + PWA.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStaleOrExit } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildIfStaleOrExit();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
