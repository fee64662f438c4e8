// A TCP proxy between the app and PostgreSQL that loses answers on purpose.
// It reads the protocol's message frames both ways: a fault armed for a
// statement (say /insert into "pets"/) fires at the ReadyForQuery that tells
// the app the transaction that ran it has committed. The write is then
// durable in the database, and the proxy, per the fault's action:
// - `cut`: forwards the server's answer (CommandComplete included) but not
//   the ReadyForQuery, and closes both connections: the app hears the COMMIT
//   went through but its query never completes (a connection lost at the worst moment);
// - `drop`: forwards nothing from that CommandComplete on, and closes both connections;
// - `hold`: forwards none of it and keeps both connections open until
//   `release()` (time for a test to kill the app while its answer is in flight).
// `partition()` freezes every open connection for good (nothing forwarded
// either way, nothing closed), while new connections pass: a partition that
// heals for new connections only.
import net from 'node:net';

type FaultAction = 'cut' | 'drop' | 'hold';

export type FaultProxy = {
  port: number;
  /** `databaseUrl` with its host and port pointing at the proxy. */
  urlFor: (databaseUrl: string) => string;
  arm: (fault: { statement: RegExp; action: FaultAction }) => void;
  disarm: () => void;
  /** How many times the armed fault fired. */
  firedCount: () => number;
  /** Resolves the next time the armed fault fires. */
  nextFiring: () => Promise<void>;
  /** Closes the connections a `hold` keeps. */
  release: () => void;
  partition: () => void;
  close: () => Promise<void>;
};

const READY_FOR_QUERY = 0x5a; // 'Z'
const COMMAND_COMPLETE = 0x43; // 'C'
const PARSE = 0x50; // 'P'
const SIMPLE_QUERY = 0x51; // 'Q'
const SSL_REQUEST_CODE = 80877103;
const COMMITTING_TAG = /^(COMMIT|INSERT|UPDATE|DELETE)\b/;

/** Splits a byte stream into protocol messages; `untyped` counts leading messages without a type byte (startup). */
function messageReader(untyped: number, onMessage: (message: Buffer, type: number | null) => void) {
  let pending = Buffer.alloc(0);
  let untypedLeft = untyped;
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const isTyped = untypedLeft === 0;
      const header = isTyped ? 5 : 4;
      if (pending.length < header) return;
      const length = pending.readUInt32BE(isTyped ? 1 : 0) + (isTyped ? 1 : 0);
      if (pending.length < length) return;
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      if (!isTyped) {
        untypedLeft -= 1;
        // An SSLRequest is followed by the real startup message, also untyped.
        if (message.length >= 8 && message.readUInt32BE(4) === SSL_REQUEST_CODE) untypedLeft += 1;
      }
      onMessage(message, isTyped ? message[0]! : null);
    }
  };
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let fault: { statement: RegExp; action: FaultAction } | undefined;
  let fired = 0;
  let firingWaiters: (() => void)[] = [];
  const held: net.Socket[] = [];
  const open = new Set<{ client: net.Socket; upstream: net.Socket; isFrozen: boolean }>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const link = { client, upstream, isFrozen: false };
    open.add(link);
    let touched = false;
    let lastTag = '';
    let answer: Buffer[] = [];
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    client.on('close', () => {
      upstream.destroy();
      open.delete(link);
    });
    upstream.on('close', () => client.destroy());

    const fromClient = messageReader(1, (message, type) => {
      if (fault && (type === PARSE || type === SIMPLE_QUERY) && fault.statement.test(message.toString('utf8', 5))) touched = true;
    });
    client.on('data', (chunk: Buffer) => {
      if (link.isFrozen) return;
      fromClient(chunk);
      upstream.write(chunk);
    });

    // The server's messages pass at once, except from a CommandComplete to the next ReadyForQuery,
    // which are held until that ReadyForQuery says whether a fault fires. (Nothing waits on a
    // CommandComplete alone, while a Describe sent with Flush waits on its answer before the Sync.)
    const fromServer = messageReader(0, (message, type) => {
      if (type === COMMAND_COMPLETE) lastTag = message.toString('utf8', 5, message.length - 1);
      if (type !== READY_FOR_QUERY) {
        if (type === COMMAND_COMPLETE || answer.length > 0) answer.push(message);
        else client.write(message);
        return;
      }
      const isCommitted = String.fromCharCode(message[5]!) === 'I' && COMMITTING_TAG.test(lastTag);
      const action = fault && touched && isCommitted ? fault.action : undefined;
      if (String.fromCharCode(message[5]!) === 'I') touched = false;
      lastTag = '';
      const before = Buffer.concat(answer);
      answer = [];
      if (!action) {
        client.write(Buffer.concat([before, message]));
        return;
      }
      fired += 1;
      for (const resolve of firingWaiters) resolve();
      firingWaiters = [];
      if (action === 'cut') client.end(before, closeBoth);
      else if (action === 'drop') closeBoth();
      else {
        link.isFrozen = true;
        held.push(client, upstream);
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!link.isFrozen) fromServer(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    urlFor: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    arm: (next) => (fault = next),
    disarm: () => (fault = undefined),
    firedCount: () => fired,
    nextFiring: () => new Promise((resolve) => firingWaiters.push(resolve)),
    release: () => {
      for (const socket of held.splice(0)) socket.destroy();
    },
    partition: () => {
      for (const link of open) link.isFrozen = true;
    },
    close: async () => {
      for (const link of open) {
        link.client.destroy();
        link.upstream.destroy();
      }
      for (const socket of held.splice(0)) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
