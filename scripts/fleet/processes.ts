// Small process helpers for the fleet launcher: find a system binary, a free
// port, wait for a port to accept connections, stop a child and wait for it.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The path of `name` on the PATH or in the sbin folders (where Debian puts nginx and pgbouncer), or undefined. */
export function findBinary(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  return folders.map((folder) => `${folder}/${name}`).find((file) => fs.existsSync(file));
}

export function requireBinary(name: string, debianPackage: string): string {
  const binary = findBinary(name);
  if (!binary) throw new Error(`${name} is not installed: apt-get install -y ${debianPackage}`);
  return binary;
}

/** uid and gid of a system user (PgBouncer refuses to run as root). */
export function systemUser(name: string): { uid: number; gid: number } {
  return {
    uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' })),
  };
}

export const isRoot = () => process.getuid?.() === 0;

// A port handed out here is claimed for two minutes, on this machine: a server
// binds its port only once it has started (seconds), and meanwhile the kernel may
// give the same unused port to another caller, in this process or another. Its
// server would then fail to bind, while the first one's answers told its launcher
// it was ready (a whole test file once met another server's API key).
const PORT_CLAIMS = path.join(os.tmpdir(), 'petstore-port-claims');
const PORT_CLAIM_MS = 120_000;

/** A port nothing listens on, claimed for PORT_CLAIM_MS against every other caller on this machine. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (claimPort(port)) return port;
  }
}

function claimPort(port: number): boolean {
  const claim = path.join(PORT_CLAIMS, String(port));
  try {
    fs.mkdirSync(PORT_CLAIMS, { recursive: true });
    const claimedAt = fs.statSync(claim, { throwIfNoEntry: false })?.mtimeMs;
    if (claimedAt !== undefined) {
      if (Date.now() - claimedAt < PORT_CLAIM_MS) return false;
      // A stale claim is moved aside, not removed: of two callers that found it, one moves it
      // and the other meets ENOENT, where removing it would let both create their own.
      const stale = `${claim}.${process.pid}.stale`;
      fs.renameSync(claim, stale);
      fs.rmSync(stale, { force: true });
    }
    // Created exclusively: of two callers claiming one unclaimed port, one gets it.
    fs.writeFileSync(claim, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    // Taken by another caller just now (EEXIST, or its stale claim moved by another: ENOENT);
    // any other failure (a folder another user made) leaves the port unclaimed, as before claims.
    const { code } = error as NodeJS.ErrnoException;
    return code !== 'EEXIST' && code !== 'ENOENT';
  }
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs?: number; child?: ChildProcess; logs?: () => string } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (options.child && options.child.exitCode !== null) {
      throw new Error(`${what}: the process exited with ${options.child.exitCode}\n${options.logs?.() ?? ''}`);
    }
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${options.timeoutMs ?? 30_000} ms\n${options.logs?.() ?? ''}`);
}

/** Sends `signal` and resolves once the process exited (SIGKILL after `killAfterMs`). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** Keeps the last `limit` characters a child writes, for error messages. */
export function captureOutput(child: ChildProcess, limit = 64_000): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-limit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
