// deploy/compose/: deploy/nginx.conf and deploy/pgbouncer.ini filled in for
// deploy/compose.yaml (service names as hosts). Written by
// `npm run fleet -- --render-compose`; tests/deploy checks they are current.
import path from 'node:path';
import { DEPLOY_DIR, renderDeployFile } from './render';

export const COMPOSE_CONFIG_DIR = path.join(DEPLOY_DIR, 'compose');

export function composeConfigs(): Record<string, string> {
  return {
    'nginx.conf': renderDeployFile('nginx.conf', {
      run_dir: '/tmp',
      daemon: 'off',
      access_log: '/dev/stdout',
      listen: '8080',
      instances: ['app1:3000', 'app2:3000', 'app3:3000'],
    }),
    'pgbouncer.ini': renderDeployFile('pgbouncer.ini', {
      postgres_host: 'postgres',
      postgres_port: 5432,
      listen_addr: '0.0.0.0',
      listen_port: 6432,
      run_dir: '/run/pgbouncer',
      auth_type: 'scram-sha-256',
    }),
  };
}
