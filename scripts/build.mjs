// `npm run build`: the whole production build: Next's (.next/) and the /v1
// production path's (build/v1.mjs, scripts/build-v1.mjs). npm start and npm
// test build through here.
import { spawnSync } from 'node:child_process';
import { buildV1, V1_BUNDLE } from './build-v1.mjs';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/** Builds both; returns whether it succeeded. */
export async function build() {
  const next = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
  if (next.status !== 0) return false;
  try {
    const routes = await buildV1();
    console.log(`${V1_BUNDLE}: ${routes.length} routes`);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await build()) ? 0 : 1);
