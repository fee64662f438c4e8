// A client that sends its whole request before it reads a byte of the answer
// (as many do: curl without Expect, Python's requests, most load tools): the
// strictest check that a server refusing a body mid-way still gets its answer
// read. A server that resets the connection under such a client's writes
// wipes the answer from the client's receive buffer, unread.
import net from 'node:net';

export type WriteFirstResult = {
  /** The answer's status, when one was read. */
  status?: number;
  /** The socket error that ended the exchange first (EPIPE, ECONNRESET), if any. */
  error?: string;
  /** Bytes of the body written before the end. */
  sent: number;
};

export function sendBodyThenRead(
  baseUrl: string,
  options: { path: string; headers: Record<string, string>; size: number; chunked: boolean; waitMs?: number },
): Promise<WriteFirstResult> {
  const { hostname, port } = new URL(baseUrl);
  const piece = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    // Nothing is read until the whole body is written.
    socket.pause();
    const received: Buffer[] = [];
    let sent = 0;
    let error: string | undefined;
    const timer = setTimeout(() => socket.destroy(), options.waitMs ?? 30_000);
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1];
      resolve({ status: status === undefined ? undefined : Number(status), error, sent });
    };
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
    socket.on('close', finish);
    const framing = options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(options.size) };
    const head = Object.entries({ host: `${hostname}:${port}`, ...options.headers, ...framing, connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const write = (bytes: string | Buffer) =>
      new Promise<boolean>((done) => {
        if (socket.destroyed) return done(false);
        if (socket.write(bytes)) return done(true);
        const onDrain = () => {
          socket.off('close', onClose);
          done(true);
        };
        const onClose = () => {
          socket.off('drain', onDrain);
          done(false);
        };
        socket.once('drain', onDrain);
        socket.once('close', onClose);
      });
    socket.once('connect', async () => {
      if (!(await write(`POST ${options.path} HTTP/1.1\r\n${head}\r\n`))) return;
      while (sent < options.size) {
        const part = piece.subarray(0, Math.min(piece.length, options.size - sent));
        const framed = options.chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part;
        if (!(await write(framed))) return;
        sent += part.length;
      }
      if (options.chunked && !(await write('0\r\n\r\n'))) return;
      socket.resume();
    });
  });
}
