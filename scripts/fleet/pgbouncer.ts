// Runs PgBouncer (Debian's package) from deploy/pgbouncer.ini in front of a
// PostgreSQL server, in a folder of its own. PgBouncer refuses to run as root:
// when we are root it runs as the `postgres` user, which owns that folder.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureOutput, freePort, isPortOpen, isRoot, requireBinary, stopChild, systemUser, waitUntil } from './processes';
import { renderDeployFile } from './render';

export type PgBouncer = {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` through the pooler. */
  urlFor: (database: string) => string;
  start: () => Promise<void>;
  /** SIGTERM is PgBouncer's immediate shutdown: every client connection is cut. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  logs: () => string;
  destroy: () => Promise<void>;
};

export async function startPgBouncer(options: { postgresHost: string; postgresPort: number; port?: number }): Promise<PgBouncer> {
  const binary = requireBinary('pgbouncer', 'pgbouncer');
  const port = options.port ?? (await freePort());
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-pgbouncer-'));
  const owner = isRoot() ? systemUser('postgres') : undefined;
  const config = path.join(runDir, 'pgbouncer.ini');
  fs.writeFileSync(
    config,
    renderDeployFile('pgbouncer.ini', {
      postgres_host: options.postgresHost,
      postgres_port: options.postgresPort,
      listen_addr: '127.0.0.1',
      listen_port: port,
      run_dir: runDir,
      auth_type: 'trust',
    }),
  );
  fs.writeFileSync(path.join(runDir, 'userlist.txt'), '"postgres" ""\n');
  if (owner) for (const entry of [runDir, ...fs.readdirSync(runDir).map((name) => path.join(runDir, name))]) fs.chownSync(entry, owner.uid, owner.gid);

  let child: ChildProcess | undefined;
  let logs = () => '';
  const pgbouncer: PgBouncer = {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    logs: () => `${logs()}${fs.existsSync(path.join(runDir, 'pgbouncer.log')) ? fs.readFileSync(path.join(runDir, 'pgbouncer.log'), 'utf8').slice(-8000) : ''}`,
    start: async () => {
      child = spawn(binary, [config], { stdio: ['ignore', 'pipe', 'pipe'], ...owner });
      logs = captureOutput(child);
      await waitUntil('PgBouncer', () => isPortOpen(port), { child, logs: pgbouncer.logs });
    },
    stop: async (signal = 'SIGTERM') => {
      if (child) await stopChild(child, signal);
    },
    destroy: async () => {
      await pgbouncer.stop();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
  await pgbouncer.start();
  return pgbouncer;
}
