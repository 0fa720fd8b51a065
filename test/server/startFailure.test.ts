import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { describeDatabaseUrl } from '../../server/config';
import { explainStartFailure } from '../../server/startFailure';

/** The error Node gives for a listen on a port another program holds. */
async function addressInUse(): Promise<{ error: unknown; port: number }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as AddressInfo;
  const second = createServer();
  const error = await new Promise<unknown>((resolve) => second.once('error', resolve).listen(port, '127.0.0.1'));
  await new Promise((resolve) => holder.close(resolve));
  return { error, port };
}

/** The error pg gives for a PostgreSQL server that is not there (a port nothing listens on). */
async function refusedConnection(): Promise<{ error: unknown; url: string }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const url = `postgres://pips:s3cret@127.0.0.1:${port}/pips`;
  const client = new pg.Client({ connectionString: url });
  const error = await client.connect().then(() => null, (e: unknown) => e);
  return { error, url };
}

describe('what npm start prints when pips cannot start', () => {
  it('a taken port: names it and says how to choose another', async () => {
    const { error, port } = await addressInUse();
    expect(explainStartFailure(error, 'listen', { host: '127.0.0.1', port })).toBe(
      `port ${port} on 127.0.0.1 is taken by another program (another pips?). Stop it, or choose a free port: PORT=${port + 1} npm start.`,
    );
  });

  it('PostgreSQL not reachable: names the server (without its password) and the way back to PGlite', async () => {
    const { error, url } = await refusedConnection();
    const line = explainStartFailure(error, 'database', { host: '127.0.0.1', port: 8080, databaseUrl: url });
    expect(line).toMatch(/^the PostgreSQL server of DATABASE_URL \(127\.0\.0\.1:\d+\/pips\) cannot be reached \(.*ECONNREFUSED.*\)\. Start it, or unset DATABASE_URL/);
    expect(line).not.toContain('s3cret');
  });

  it('a code inside an AggregateError (localhost tried on ::1 and 127.0.0.1) is found', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    const error = new AggregateError([refused, refused], '');
    expect(explainStartFailure(error, 'database', { host: '127.0.0.1', port: 8080, databaseUrl: 'postgres://localhost/pips' })).toMatch(
      /^the PostgreSQL server of DATABASE_URL \(localhost\/pips\) cannot be reached/,
    );
  });

  it('a privileged port and a host that is not this machine say what to change', () => {
    const code = (c: string) => Object.assign(new Error(c), { code: c });
    expect(explainStartFailure(code('EACCES'), 'listen', { host: '127.0.0.1', port: 80 })).toBe(
      'port 80 needs privileges this user does not have. Choose a port above 1023: PORT=8080 npm start.',
    );
    expect(explainStartFailure(code('EADDRNOTAVAIL'), 'listen', { host: '10.9.9.9', port: 8080 })).toBe(
      '10.9.9.9 is not an address of this machine (HOST). Leave HOST unset to listen on 127.0.0.1.',
    );
  });

  it('a DATA_DIR that names a file says so in one line, not as a raw EEXIST', () => {
    const code = (name: string) => Object.assign(new Error(`${name}: file already exists, mkdir '/tmp/pips.db'`), { code: name });
    const line = explainStartFailure(code('EEXIST'), 'database', { host: '127.0.0.1', port: 8080, dataDir: '/tmp/pips.db' });
    expect(line).toBe("DATA_DIR (/tmp/pips.db) is a file, not a folder. Point DATA_DIR at the folder that holds pips's data (or at a new folder for a new database).");
    expect(explainStartFailure(code('ENOTDIR'), 'database', { host: '127.0.0.1', port: 8080, dataDir: '/tmp/pips.db/data' })).toContain('is a file, not a folder');
  });

  it('anything else is the error itself (a PGlite folder in use explains itself)', () => {
    const error = new Error('the PGlite database in ./data is in use by process 42 (a running pips server?).');
    expect(explainStartFailure(error, 'database', { host: '127.0.0.1', port: 8080 })).toBe(error.message);
    expect(explainStartFailure(new Error('relation "x" already exists'), 'database', { host: '127.0.0.1', port: 8080, databaseUrl: 'postgres://x/y' })).toBe(
      'relation "x" already exists',
    );
  });

  it('PostgreSQL refusing the login or not knowing the database: says so, without the password', () => {
    const refused = Object.assign(new Error('database "pips" does not exist'), { code: '3D000' });
    expect(explainStartFailure(refused, 'database', { host: '127.0.0.1', port: 8080, databaseUrl: 'postgres://ada:pw@127.0.0.1/pips' })).toBe(
      'the PostgreSQL server of DATABASE_URL (127.0.0.1/pips) refused: database "pips" does not exist.',
    );
  });

  it('names a database by host, port and name, never its user or password', () => {
    expect(describeDatabaseUrl('postgres://ada:pw@db.example:5433/pips?sslmode=require')).toBe('db.example:5433/pips');
    expect(describeDatabaseUrl('not a url')).toBe('(unparsable DATABASE_URL)');
  });
});
