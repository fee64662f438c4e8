// Before `npm test` starts anything: are the system parts its tests use there? Each one
// missing is named with the one command that brings it, and the run stops at once
// instead of failing later in half-started lanes.
import fs from 'node:fs';
import net from 'node:net';

/** @typedef {'postgres' | 'redis' | 'chromium' | 'nginx' | 'pgbouncer'} SystemPart */

const POSTGRES_URL = new URL(process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const CONNECT_TIMEOUT_MS = 1_000;

/** @type {Record<SystemPart, { isThere: () => Promise<boolean>; what: string; remedy: string }>} */
const PARTS = {
  postgres: {
    isThere: () => isListening(POSTGRES_URL.hostname, Number(POSTGRES_URL.port || 5432)),
    what: `PostgreSQL at ${POSTGRES_URL.host}`,
    remedy: fs.existsSync('/etc/postgresql')
      ? 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'
      : 'apt-get install -y postgresql postgresql-contrib && pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  },
  redis: {
    isThere: () => isListening(REDIS_URL.hostname, Number(REDIS_URL.port || 6379)),
    what: `Redis at ${REDIS_URL.host}`,
    remedy: hasBinary('redis-server')
      ? 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""'
      : 'apt-get install -y redis-server && redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""',
  },
  chromium: { isThere: async () => fs.existsSync('/usr/bin/chromium'), what: 'Chromium (/usr/bin/chromium)', remedy: 'apt-get install -y chromium' },
  nginx: { isThere: async () => hasBinary('nginx'), what: 'nginx', remedy: 'apt-get install -y nginx' },
  pgbouncer: { isThere: async () => hasBinary('pgbouncer'), what: 'PgBouncer', remedy: 'apt-get install -y pgbouncer' },
};

/**
 * Checks `needed` at once; prints what is missing with its remedy.
 * @param {Iterable<SystemPart>} needed
 * @returns {Promise<boolean>} whether all are there
 */
export async function checkSystem(needed) {
  const parts = [...new Set(needed)];
  const missing = (await Promise.all(parts.map(async (part) => ((await PARTS[part].isThere()) ? undefined : PARTS[part])))).filter(
    (part) => part !== undefined,
  );
  for (const part of missing) console.error(`${part.what} is missing: ${part.remedy}`);
  if (missing.length > 0) console.error('\n0 passed, 1 failed');
  return missing.length === 0;
}

/** @param {string} name */
function hasBinary(name) {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  return folders.some((folder) => fs.existsSync(`${folder}/${name}`));
}

/**
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function isListening(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    const done = (/** @type {boolean} */ isOpen) => {
      socket.destroy();
      resolve(isOpen);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}
