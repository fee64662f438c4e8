// Closes database connections that stopped answering. A request gives up on a
// silent database at its deadline (deadline.ts), but the connection it used
// stays in the pool, waiting: after a network partition heals, TCP may keep it
// waiting for many minutes (its retransmissions are the kernel's, keep-alive
// probes only start on an idle socket), and a pool of such connections is an
// outage that outlives the database's. So the driver gets its sockets from
// here (the postgres driver's `socket` option), and a socket that owes an
// answer and has received nothing for HUNG_AFTER_MS is destroyed; the driver
// then opens a new connection for the next query. Plain TCP only: behind TLS
// the driver writes through its own TLS socket and this watch stays idle.
import net from 'node:net';
import type postgres from 'postgres';

/** Longer than any deadline (deadline.ts), so a slow but living query is never cut for the request that waits on it. */
const HUNG_AFTER_MS = 5_000;

/** The error code a connection closed for not answering gets; lib/http/handler.ts maps it to 503. */
export const DATABASE_NOT_ANSWERING = 'DATABASE_NOT_ANSWERING';

const CHECK_EVERY_MS = 500;
// ReadyForQuery ('Z', length 5, a status byte) ends every answer of the protocol.
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

type Watch = { socket: net.Socket; owedSince: number; lastHeardAt: number };
const watches = new Set<Watch>();
let checker: NodeJS.Timeout | undefined;

/** The `socket` option for postgres(): a TCP (or Unix) socket to the database, watched. */
export function watchedSocket(options: postgres.Options<Record<string, never>> & { host: string[]; port: number[]; path?: string | false }): net.Socket {
  const socket = options.path ? net.connect(options.path) : net.connect(options.port[0]!, options.host[0]!);
  // The driver names these in its error messages.
  Object.assign(socket, { host: options.host[0], port: options.port[0] });
  const watch: Watch = { socket, owedSince: 0, lastHeardAt: 0 };
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (!watch.owedSince) watch.owedSince = watch.lastHeardAt = performance.now();
    return write(...args);
  }) as typeof socket.write;
  socket.on('data', (chunk: Buffer) => {
    watch.lastHeardAt = performance.now();
    const tail = chunk.subarray(chunk.length - 6, chunk.length - 1);
    if (chunk.length >= 6 && tail.equals(READY_FOR_QUERY)) watch.owedSince = 0;
  });
  socket.once('close', () => watches.delete(watch));
  watches.add(watch);
  checker ??= setInterval(closeHungConnections, CHECK_EVERY_MS).unref();
  return socket;
}

function closeHungConnections(): void {
  const now = performance.now();
  for (const watch of watches) {
    if (watch.owedSince && now - watch.lastHeardAt > HUNG_AFTER_MS) {
      watches.delete(watch);
      const silentFor = Math.round((now - watch.lastHeardAt) / 1000);
      watch.socket.destroy(Object.assign(new Error(`The database connection gave no answer for ${silentFor} s.`), { code: DATABASE_NOT_ANSWERING }));
    }
  }
}
