// `npm start` under a supervisor: systemd, Docker and Kubernetes signal the main
// process, here npm itself. npm forwards SIGTERM and SIGINT to its one child, the
// start script's shell, which has exec'd the server (package.json), so the
// signal reaches server.mjs: it drains, closes the database (PGlite's lock file
// is released) and exits 0, and npm with it. No process is left behind. The server
// runs on the lockfile's Node 24, and nothing asks the package registry for anything.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent } from '../../scripts/build-if-stale.mjs';
import { sleep } from '../support/load';
import { freePort } from '../../scripts/fleet/processes';

const EXIT_BOUND_MS = 15_000;

/** The processes below `pid` (children, grandchildren…), from /proc. */
function descendantsOf(pid: number): { pid: number; command: string }[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat, after the command name in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push({ pid: child, command: commandOf(child) });
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start under a supervisor', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'shuts down on %s to the npm process and leaves no process behind',
    async (signal) => {
      // npm start would build first otherwise, over the build the running suite serves from.
      expect(isBuildCurrent(), 'the build is older than the sources: run `npx next build` first').toBe(true);
      const port = await freePort();
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-npm-start-'));
      const pgliteDir = path.join(root, 'data');
      // A registry of the test's own that counts what it is asked.
      const registryRequests: string[] = [];
      const registry = http.createServer((request, response) => {
        registryRequests.push(`${request.method} ${request.url}`);
        response.writeHead(503).end();
      });
      await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
      const registryUrl = `http://127.0.0.1:${(registry.address() as { port: number }).port}/`;
      cleanups.push(() => registry.close());
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        PGLITE_DIR: pgliteDir,
        PETSTORE_SEED: 'never',
        PETSTORE_DRAIN_GRACE_MS: '500',
        npm_config_registry: registryUrl,
        // The machine's own Node first, as a shell has it (npm test put the lockfile's first).
        PATH: (process.env.PATH ?? '')
          .split(path.delimiter)
          .filter((entry) => !entry.endsWith(path.join('node_modules', '.bin')))
          .join(path.delimiter),
        npm_config_update_notifier: 'false',
      };
      delete env.DATABASE_URL;
      delete env.PETSTORE_NODE;
      const npm = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      npm.stdout!.on('data', (chunk) => (output += chunk));
      npm.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
        npm.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal, at: performance.now() })),
      );
      cleanups.push(() => {
        for (const { pid } of descendantsOf(npm.pid!)) process.kill(pid, 'SIGKILL');
        npm.kill('SIGKILL');
        fs.rmSync(root, { recursive: true, force: true });
      });

      const deadline = performance.now() + 90_000;
      for (;;) {
        if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
        if (performance.now() > deadline) throw new Error(`npm start did not become ready:\n${output}`);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        await sleep(200);
      }
      const processes = descendantsOf(npm.pid!);
      expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(true);
      const serverNode = fs.readlinkSync(`/proc/${processes[0]!.pid}/exe`);
      expect(execFileSync(serverNode, ['--version'], { encoding: 'utf8' }), `the server's Node (${serverNode})`).toMatch(/^v24\./);
      expect(registryRequests, 'requests to the registry').toEqual([]);

      const signalledAt = performance.now();
      npm.kill(signal);
      const { code, at } = await exited;
      await sleep(200);
      const leftBehind = processes.filter(({ pid }) => isAlive(pid));
      console.log(
        `npm start ${signal} figures: ${JSON.stringify({ processes: processes.map(({ command }) => command), npmExitCode: code, exitMs: Math.round(at - signalledAt), leftBehind: leftBehind.length })}`,
      );

      // exec: the shell became the server, npm's only child (on the Node scripts/server-command.mjs picks).
      expect(processes.map(({ command }) => command)).toEqual([
        expect.stringMatching(/^(\S+\/)?node --max-old-space-size=\d+ --max-semi-space-size=\d+ server\.mjs$/),
      ]);
      expect(leftBehind).toEqual([]);
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(EXIT_BOUND_MS);
      expect(output).toContain('shut down cleanly');
      expect(fs.existsSync(`${pgliteDir}.lock`)).toBe(false);
    },
    150_000,
  );
});
