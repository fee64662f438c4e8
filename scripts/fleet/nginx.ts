// Runs nginx (Debian's package) as the fleet's load balancer from
// deploy/nginx.conf: a process of our own (`nginx -c FILE -p DIR`, not
// daemonised), with its pid, logs and temp files in a folder of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureOutput, isPortOpen, isRoot, requireBinary, stopChild, systemUser, waitUntil } from './processes';
import { renderDeployFile } from './render';

export type Nginx = { url: string; logs: () => string; stop: () => Promise<void> };

const TEMP_FOLDERS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export async function startNginx(options: { port: number; instancePorts: number[] }): Promise<Nginx> {
  const binary = requireBinary('nginx', 'nginx');
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-nginx-'));
  for (const folder of TEMP_FOLDERS) fs.mkdirSync(path.join(runDir, folder));
  // Run as root, nginx's workers drop to `nobody`, and write request bodies to the temp folders.
  if (isRoot()) {
    const nobody = systemUser('nobody');
    for (const folder of TEMP_FOLDERS) fs.chownSync(path.join(runDir, folder), nobody.uid, nobody.gid);
  }
  const config = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(
    config,
    renderDeployFile('nginx.conf', {
      run_dir: runDir,
      daemon: 'off',
      access_log: path.join(runDir, 'access.log'),
      listen: `127.0.0.1:${options.port}`,
      instances: options.instancePorts.map((port) => `127.0.0.1:${port}`),
    }),
  );
  const child = spawn(binary, ['-c', config, '-p', runDir, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const logs = captureOutput(child);
  await waitUntil('nginx', () => isPortOpen(options.port), { child, logs });
  return {
    url: `http://127.0.0.1:${options.port}`,
    logs,
    stop: async () => {
      // SIGQUIT: finish the requests in flight, then exit.
      await stopChild(child, 'SIGQUIT', 10_000);
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
