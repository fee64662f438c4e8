// `npm run fleet -- --instances 3 [--port 8080]`: the service as a fleet on this
// machine (nginx, N instances, PgBouncer, Redis; scripts/fleet/fleet.ts), on the
// PostgreSQL database DATABASE_DIRECT_URL or DATABASE_URL names (default:
// petstore on 127.0.0.1:5432, created if missing). Prints the URL and an API key;
// Ctrl-C stops everything. npm run fleet builds first if the build is stale.
// `--render-compose` rewrites deploy/compose/ instead.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMPOSE_CONFIG_DIR, composeConfigs } from './fleet/compose-configs';
import { startFleet } from './fleet/fleet';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'render-compose': { type: 'boolean', default: false },
  },
});
if (values['render-compose']) {
  for (const [name, text] of Object.entries(composeConfigs())) fs.writeFileSync(path.join(COMPOSE_CONFIG_DIR, name), text);
  console.log(`wrote ${Object.keys(composeConfigs()).join(', ')} in ${COMPOSE_CONFIG_DIR}`);
  process.exit(0);
}
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new Error(`--instances must be 1 to 32, got ${values.instances}`);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port, got ${values.port}`);

const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/petstore';
const apiKey = process.env.PETSTORE_BOOTSTRAP_API_KEY || `psk_${randomBytes(24).toString('hex')}`;
const metricsToken = process.env.PETSTORE_METRICS_TOKEN || randomBytes(24).toString('hex');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-fleet-logs-'));
const logFiles = new Map<string, fs.WriteStream>();

console.log(`Starting ${instances} instances, PgBouncer, nginx on ${databaseUrl.replace(/\/\/[^@]*@/, '//')} …`);
const fleet = await startFleet({
  instances,
  port,
  databaseUrl,
  redisUrl: process.env.REDIS_URL || undefined,
  env: { PETSTORE_BOOTSTRAP_API_KEY: apiKey, PETSTORE_METRICS_TOKEN: metricsToken },
  onInstanceOutput: (name, chunk) => {
    if (!logFiles.has(name)) logFiles.set(name, fs.createWriteStream(path.join(logDir, `${name}.log`)));
    logFiles.get(name)!.write(chunk);
  },
});

console.log(`
Petstore fleet: ${fleet.url}
  instances  ${fleet.instances.map((instance) => `${instance.name} ${instance.baseUrl}`).join(', ')}
  PgBouncer  127.0.0.1:${fleet.pgbouncer.port} (transaction pooling)
  Redis      ${fleet.redisUrl}
  logs       ${logDir}
  API key    ${apiKey}
  metrics    curl -H 'Authorization: Bearer ${metricsToken}' ${fleet.instances[0]!.baseUrl}/metrics

  curl -H 'Authorization: Bearer ${apiKey}' ${fleet.url}/v1/pets
Ctrl-C stops everything.`);

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (isStopping) return;
    isStopping = true;
    console.log('\nStopping the fleet…');
    await fleet.stop();
    for (const file of logFiles.values()) file.end();
    process.exit(0);
  });
}
