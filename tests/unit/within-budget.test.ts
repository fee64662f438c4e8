// withinBudget: an answer that arrived within the budget wins even when this
// process was too busy to read it before the budget ran out (and the expiry's
// action, a cancel, is not taken); no answer loses, with the expiry's error.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withinBudget } from '../../lib/within-budget';

/** Blocks the event loop, as a busy process does. */
const blockFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('withinBudget', () => {
  const closers: (() => void)[] = [];
  afterEach(() => closers.splice(0).forEach((close) => close()));

  /** Both ends of a loopback TCP connection. */
  async function connectedPair(): Promise<{ client: net.Socket; server: net.Socket }> {
    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
    const client = net.connect((listener.address() as net.AddressInfo).port, '127.0.0.1');
    const server = await accepted;
    closers.push(() => (client.destroy(), server.destroy(), listener.close()));
    return { client, server };
  }

  it('takes an answer that reached the socket in time though the process was busy past the budget, and does not expire', async () => {
    const { client, server } = await connectedPair();
    const answer = new Promise<string>((resolve) => client.once('data', (data) => resolve(data.toString())));
    server.write('pong');
    let expired = 0;
    const bounded = withinBudget(answer, 20, () => (expired++, new Error('no answer within 20 ms')));
    blockFor(100);
    await expect(bounded).resolves.toBe('pong');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(expired).toBe(0);
  });

  it('ends at the budget, without waiting for input, when nothing can have answered (a request not sent yet)', async () => {
    const { client, server } = await connectedPair();
    const answer = new Promise<string>((resolve) => client.once('data', (data) => resolve(data.toString())));
    server.write('pong');
    const bounded = withinBudget(
      answer,
      20,
      () => new Error('not sent within 20 ms'),
      () => false,
    );
    blockFor(100);
    await expect(bounded).rejects.toThrow('not sent within 20 ms');
  });

  it('rejects with the expiry’s error when no answer comes', async () => {
    const started = performance.now();
    await expect(withinBudget(new Promise(() => {}), 20, () => new Error('no answer within 20 ms'))).rejects.toThrow('no answer within 20 ms');
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
  });

  it('passes the answer’s own error on', async () => {
    await expect(withinBudget(Promise.reject(new Error('refused')), 20, () => new Error('expired'))).rejects.toThrow('refused');
  });
});
