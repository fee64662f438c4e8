// A whole fleet on loopback, as docs/DEPLOY.md draws it:
// nginx -> N app instances -> PgBouncer (transaction pooling) -> PostgreSQL,
// with Redis for the shared rate limits and a direct PostgreSQL connection per
// instance for LISTEN and migrations. Used by `npm run fleet` and the fleet tests.
import { spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { createInstance, type Instance } from './instance';
import { startNginx, type Nginx } from './nginx';
import { startPgBouncer, type PgBouncer } from './pgbouncer';
import { captureOutput, freePort, isPortOpen, requireBinary, stopChild, waitUntil } from './processes';

export type FleetOptions = {
  instances: number;
  /** The load balancer's port (a free one when not given). */
  port?: number;
  /** The PostgreSQL database, reached directly: postgres://user@host:port/name. Created if missing. */
  databaseUrl: string;
  /** Redis for the rate limits; default: the one at 127.0.0.1:6379 if it answers, else one of our own. */
  redisUrl?: string;
  /** More environment for every instance. */
  env?: Record<string, string>;
  onInstanceOutput?: (name: string, chunk: Buffer) => void;
};

export type Fleet = {
  /** nginx's address: where clients go. */
  url: string;
  instances: Instance[];
  pgbouncer: PgBouncer;
  nginx: Nginx;
  /** DATABASE_URL of the instances: the database through PgBouncer. */
  pooledUrl: string;
  redisUrl: string;
  stop: () => Promise<void>;
};

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    await createDatabaseIfMissing(options.databaseUrl);
    const direct = new URL(options.databaseUrl);
    const pgbouncer = await startPgBouncer({ postgresHost: direct.hostname, postgresPort: Number(direct.port || 5432) });
    cleanups.push(pgbouncer.destroy);
    const pooled = new URL(options.databaseUrl);
    pooled.host = `127.0.0.1:${pgbouncer.port}`;

    const redis = options.redisUrl ? { url: options.redisUrl } : await localRedis();
    if (redis.stop) cleanups.push(redis.stop);

    const env = {
      DATABASE_URL: pooled.toString(),
      DATABASE_DIRECT_URL: options.databaseUrl,
      DATABASE_POOLER: 'transaction',
      REDIS_URL: redis.url,
      ...options.env,
    };
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const instances = ports.map((port, index) =>
      createInstance({
        name: `app${index + 1}`,
        port,
        env,
        onOutput: options.onInstanceOutput && ((chunk) => options.onInstanceOutput!(`app${index + 1}`, chunk)),
      }),
    );
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())).then(() => {}));
    // Together: their migrations take turns under the advisory lock.
    await Promise.all(instances.map((instance) => instance.start()));

    const nginx = await startNginx({ port: options.port ?? (await freePort()), instancePorts: ports });
    cleanups.push(nginx.stop);
    return { url: nginx.url, instances, pgbouncer, nginx, pooledUrl: pooled.toString(), redisUrl: redis.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

const SHARED_REDIS_PORT = 6379;

async function localRedis(): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (await isPortOpen(SHARED_REDIS_PORT)) return { url: `redis://127.0.0.1:${SHARED_REDIS_PORT}` };
  const port = await freePort();
  const child: ChildProcess = spawn(
    requireBinary('redis-server', 'redis-server'),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const logs = captureOutput(child);
  await waitUntil('redis-server', () => isPortOpen(port), { child, logs });
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
