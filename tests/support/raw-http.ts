// One HTTP/1.1 exchange in exact bytes, for what an ordinary client cannot or
// will not send (no Host, `*` or another host as the target, repeated headers):
// writes the bytes on a connection of its own and reads the answer until the
// server closes it (send `Connection: close`) or `waitMs` passes.
import net from 'node:net';

export type RawAnswer = {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** The body, de-chunked when the answer was chunked. */
  text: string;
  /** Everything the server sent, as is. */
  raw: string;
};

export function sendRaw(baseUrl: string, request: string | Buffer, waitMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
    });
  });
}

function parseAnswer(raw: string): RawAnswer {
  // A 100 Continue comes before the final answer; skip interim answers.
  let rest = raw;
  while (/^HTTP\/1\.[01] 1\d\d /.test(rest)) rest = rest.slice(rest.indexOf('\r\n\r\n') + 4);
  const end = rest.indexOf('\r\n\r\n');
  const head = end === -1 ? rest : rest.slice(0, end);
  const body = end === -1 ? '' : rest.slice(end + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = headers['transfer-encoding'] === 'chunked' ? dechunk(body) : body;
  return { status: Number(statusLine.split(' ')[1]), headers, text: Buffer.from(text, 'latin1').toString('utf8'), raw };
}

function dechunk(body: string): string {
  let text = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return text;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
