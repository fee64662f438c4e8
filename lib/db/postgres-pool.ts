// The one module that touches the `postgres` driver (postgres.js), through its
// public API only. The pool is a set of single-connection clients
// (`postgres({ max: 1 })`), and each runs one piece of work at a time: one
// query, or one transaction from BEGIN to COMMIT (one exception, below). So the
// driver's paths that pipeline work (a BEGIN landing second, a describe sent
// behind another query's Sync, a ROLLBACK written to a connection that closed
// and reopened) are never taken (docs/ARCHITECTURE.md, "The database driver").
//
// Deadlines (deadline.ts): work waits for a connection in this pool's own queue,
// so at its deadline it leaves the queue unsent. A transaction has PostgreSQL
// enforce its deadline (`set local statement_timeout, lock_timeout,
// idle_in_transaction_session_timeout`, sent with its BEGIN); a statement still
// running at the deadline is cancelled with `pg_cancel_backend(pid)` from a
// connection of its own. A connection still owing an answer HUNG_AFTER_MS after
// its deadline is destroyed (a partition TCP would wait out for minutes).
// A connection that closed, for any reason, is never used again: its client is
// replaced by a new one, so nothing of the old session meets the new one.
//
// The exception: when every connection is busy, a lone query may be sent behind one
// other lone query (PIPELINE_DEPTH), so the server starts it as the first ends instead
// of a round trip later. Only on direct connections (a pooler may split the pair across
// server connections), never behind a transaction's statement (it would run inside it),
// never behind a statement past its deadline (its cancel would hit the one behind), nor
// behind one whose deadline is later than its own (its own cancel would hit the one in front).
import net from 'node:net';
import os from 'node:os';
import postgres from 'postgres';
import { config } from '../runtime/config';
import { withinBudget } from '../within-budget';
import { nextDeadline, timeoutError } from './deadline';
import type { PoolUse } from './pool-use';

/** The error code a connection closed for not answering gets; lib/http/handler.ts maps it to 503. */
export const DATABASE_NOT_ANSWERING = 'DATABASE_NOT_ANSWERING';

/** After its deadline, how long a connection may still owe an answer before it is destroyed. */
const HUNG_AFTER_MS = 2_000;
/** How many lone queries a connection may hold at once when every connection is busy. */
const PIPELINE_DEPTH = 2;
/** How much sooner than its own a statement of the same text may have started, to be cancelled with it (through a pooler). */
const CANCEL_MARGIN_MS = 250;
/** Beyond a transaction's deadline, how long its session may sit idle inside it before PostgreSQL ends it. */
const IDLE_IN_TRANSACTION_GRACE_MS = 2_000;

// Each instance's connections carry its name in pg_stat_activity (PgBouncer passes it on
// to the server connection a client is given): which instance holds or waits on what.
const APPLICATION_NAME = `petstore ${process.pid}@${os.hostname()}`.slice(0, 63);

type Pooler = 'none' | 'transaction';

/** The driver's settings for a client of `max` connections (reaching PostgreSQL through `pooler`). */
function postgresOptions(max: number, pooler: Pooler = config().DATABASE_POOLER): postgres.Options<Record<string, never>> {
  return {
    max,
    connection: { application_name: APPLICATION_NAME },
    // A connect attempt takes at most 3 s (a paused server accepts the TCP
    // connection and never answers), after at most 0.5 s of back-off. The
    // driver's default back-off grows to 10-20 s after a few refused
    // connections, and work handed to a connection in back-off waits it out.
    connect_timeout: 3,
    backoff: (retries: number) => Math.min(0.05 * retries, 0.5),
    idle_timeout: 60,
    onnotice: () => {},
    // Through a transaction pooler a statement may run on another server
    // connection than the one that prepared it (PgBouncer 1.18 has no
    // protocol-level prepared statements): unnamed statements only.
    prepare: pooler !== 'transaction',
  };
}

/**
 * A client of one connection of its own, for a session's work outside the pool (the
 * LISTEN connection, the migrator's advisory lock): the app's settings, then `options`.
 */
export function sessionClient(url: string, options: postgres.Options<Record<string, never>> = {}): postgres.Sql {
  return postgres(url, { ...postgresOptions(1), ...options });
}

/** What a job queue (pg-boss: lib/runtime/import-queue.ts) runs its own statements on. */
export type JobQueueClient = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>; end: () => Promise<void> };

/**
 * `count` connections of its own for the job queue, so that its polling and upkeep never
 * wait for, nor hold, the pool's connections; each a client of one connection (the driver
 * refuses a BEGIN sent as text on a client of several), taken in turn. A statement with
 * parameters goes through the extended protocol; one without may be several (the queue's
 * schema, its locked blocks: BEGIN … COMMIT in one text), so it goes through the simple
 * protocol, which runs it whole on one server connection, through a transaction pooler too.
 */
export function jobQueueClient(url: string, count: number, pooler: Pooler = config().DATABASE_POOLER): JobQueueClient {
  const options = { ...postgresOptions(1, pooler), connection: { application_name: `${APPLICATION_NAME} jobs`.slice(0, 63) } };
  const clients = Array.from({ length: count }, () => postgres(url, options));
  let next = 0;
  return {
    executeSql: async (text, values) => {
      const sql = clients[next++ % clients.length]!;
      const result: unknown[] = values?.length ? await sql.unsafe(text, values as postgres.ParameterOrJSON<never>[]) : await sql.unsafe(text).simple();
      // Several statements answer one list of rows each: their rows, in order.
      return { rows: result.some(Array.isArray) ? result.flatMap((rows) => (Array.isArray(rows) ? [...rows] : [])) : [...result] };
    },
    end: async () => {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 5 })));
    },
  };
}

type Rows = postgres.RowList<postgres.Row[]>;
type QueryOptions = { prepare?: boolean };

/** A query as drizzle and lib/db use it: lazy, awaited once, rows as objects or `.values()`. */
type PoolQuery = PromiseLike<Rows> & { values: () => PromiseLike<Rows> };

/** What drizzle (drizzle-orm/postgres-js) and lib/db call on a client, and nothing more. */
type PoolClient = {
  options: { parsers: Record<string, unknown>; serializers: Record<string, unknown> };
  unsafe: (text: string, params?: unknown[], options?: QueryOptions) => PoolQuery;
  begin: <T>(work: (transaction: PoolClient) => Promise<T>) => Promise<T>;
  savepoint: <T>(work: (transaction: PoolClient) => Promise<T>) => Promise<T>;
  listen: postgres.Sql['listen'];
};

export type PostgresPool = { client: PoolClient; end: () => Promise<void>; use: () => PoolUse };

type Slot = {
  sql: postgres.Sql;
  socket?: net.Socket;
  /** Called when its connection closes: whatever it still owed will never come (the driver leaves some of it unsettled). */
  onClose: Set<() => void>;
  markClosed: () => void;
  /** The backend's pid (direct connections only: through a pooler it changes between transactions). */
  pid?: number;
  isClosed: boolean;
  /** The queries or the one transaction it holds now (sent or about to be). */
  held: number;
  /** It holds a transaction: nothing may be sent behind it. */
  isExclusive: boolean;
  /** A statement on it passed its deadline and may be cancelled: nothing may be sent behind it. */
  isOverdue: boolean;
  /** The deadline of the last query sent on it. */
  lastDeadline: number;
  /** Whether drizzle's parsers and serializers were copied to its client. */
  hasTypes?: boolean;
};

type Work = 'query' | 'transaction';
type Waiter = { work: Work; deadline: number; give: (slot: Slot) => void; timer: NodeJS.Timeout };

/** A pool of `size` connections to `url`; `directUrl` reaches the server itself (past any pooler), for pg_cancel_backend. */
export function openPostgresPool(url: string, size: number, directUrl: string, pooler: Pooler = config().DATABASE_POOLER): PostgresPool {
  const isPooled = pooler === 'transaction';
  // drizzle sets its parsers and serializers on the client's options; every connection's client takes them.
  const types = { parsers: {} as Record<string, unknown>, serializers: {} as Record<string, unknown> };
  const slots: Slot[] = [];
  const waiters: Waiter[] = [];
  let cancelConnection: postgres.Sql | undefined;
  let listener: postgres.Sql | undefined;
  let isEnded = false;

  const newSlot = (): Slot => {
    const slot = { isClosed: false, held: 0, isExclusive: false, isOverdue: false, lastDeadline: 0, onClose: new Set() } as unknown as Slot;
    slot.markClosed = () => {
      if (slot.isClosed) return;
      slot.isClosed = true;
      for (const fail of slot.onClose) fail();
      slot.onClose.clear();
      // At once: the driver would otherwise reconnect by itself and send a query it held
      // while connecting, which its caller was just told failed.
      slot.sql.end({ timeout: 0 }).catch(() => {});
    };
    slot.sql = postgres(url, {
      ...postgresOptions(1, pooler),
      // The socket is kept to destroy it when it stops answering (a graceful end waits on a silent peer).
      socket: (options: { host: string[]; port: number[]; path?: string | false }) => {
        const socket = options.path ? net.connect(options.path) : net.connect(options.port[0]!, options.host[0]!);
        // The driver names these in its error messages.
        Object.assign(socket, { host: options.host[0], port: options.port[0] });
        // Every close, the driver's own reconnects during a connect included (it reports none of those).
        socket.once('close', slot.markClosed);
        return (slot.socket = socket);
      },
    } as postgres.Options<Record<string, never>>);
    return slot;
  };
  for (let index = 0; index < size; index++) slots.push(newSlot());

  // A closed connection's client (ended when it closed) is replaced: a new session starts clean.
  const renew = (slot: Slot): Slot => {
    if (!slot.isClosed) return slot;
    const fresh = newSlot();
    slots[slots.indexOf(slot)] = fresh;
    return fresh;
  };

  /** A connection `work` may use now: a free one, else (a lone query) one it may be sent behind. */
  const usable = (work: Work, deadline: number): Slot | undefined => {
    const free = slots.find((slot) => slot.held === 0);
    if (free || work === 'transaction' || isPooled) return free;
    return slots.find(
      (slot) => slot.held < PIPELINE_DEPTH && !slot.isExclusive && !slot.isOverdue && !slot.isClosed && slot.pid !== undefined && slot.lastDeadline <= deadline,
    );
  };

  const acquire = (work: Work, deadline: number): Promise<Slot> => {
    if (isEnded) return Promise.reject(Object.assign(new Error('The database pool is closed.'), { code: 'CONNECTION_ENDED' }));
    const slot = waiters.length === 0 ? usable(work, deadline) : undefined;
    if (slot) return Promise.resolve(take(slot, work, deadline));
    return new Promise((resolve, reject) => {
      const budget = Math.round(deadline - performance.now());
      const waiter: Waiter = {
        work,
        deadline,
        give: (slot) => resolve(take(slot, work, deadline)),
        // Past its deadline, work still waiting leaves the queue: it was never sent.
        timer: setTimeout(
          () => {
            waiters.splice(waiters.indexOf(waiter), 1);
            reject(timeoutError(budget));
          },
          Math.max(0, budget),
        ),
      };
      waiters.push(waiter);
    });
  };

  const take = (slot: Slot, work: Work, deadline: number): Slot => {
    const fresh = slot.held === 0 ? renew(slot) : slot;
    if (fresh.held === 0) fresh.isOverdue = false;
    fresh.held++;
    fresh.isExclusive = work === 'transaction';
    fresh.lastDeadline = deadline;
    if (!fresh.hasTypes) {
      Object.assign(fresh.sql.options.parsers, types.parsers);
      Object.assign(fresh.sql.options.serializers, types.serializers);
      fresh.hasTypes = true;
    }
    return fresh;
  };

  const release = (slot: Slot) => {
    // A connection takes waiting work once it has none: then up to PIPELINE_DEPTH lone
    // queries at once, written together (one write and one read for the pair, as the
    // driver's own pool did with max_pipeline: 1; 0.93x of its list throughput without).
    if (--slot.held > 0) return;
    slot.isExclusive = false;
    // First come, first served: each waiter in turn, while one can be given a connection.
    while (waiters.length > 0) {
      const waiter = waiters[0]!;
      const next = usable(waiter.work, waiter.deadline);
      if (!next) return;
      waiters.shift();
      clearTimeout(waiter.timer);
      waiter.give(next);
    }
  };

  // Forgotten as soon as its connection closes: the new one has another pid.
  const pidOf = (slot: Slot) => (slot.isClosed ? undefined : slot.pid);

  /**
   * Asks the server to stop a statement past its deadline, from a connection of its own
   * (past the pooler). Without it a statement waiting on a lock held elsewhere waits on
   * after its request got its 503, and waiting backends pile up. The statement fails with
   * 57014 (errors.ts: 503). Its backend is `pid` when known; through a pooler, where a lone
   * statement's server connection is not known, it is this instance's backend running
   * that text for at least `budgetMs` less a margin: it, or one at its deadline too.
   */
  const cancelOnServer = (pid: number | undefined, text: string, budgetMs: number) => {
    if (pid === undefined && !isPooled) return;
    cancelConnection ??= sessionClient(directUrl, {
      ...postgresOptions(1, 'none'),
      connection: { application_name: `${APPLICATION_NAME.slice(0, 55)} cancel` },
    });
    const cancel =
      pid === undefined
        ? cancelConnection.unsafe(
            `select pg_cancel_backend(pid) from pg_stat_activity
             where application_name = $1 and state = 'active' and starts_with($2, query) and query <> '' and query_start <= now() - make_interval(secs => $3)`,
            [APPLICATION_NAME, text, Math.max(0, budgetMs - CANCEL_MARGIN_MS) / 1000],
          )
        : cancelConnection.unsafe('select pg_cancel_backend($1)', [pid]);
    // A database that is down cannot be told; a connection that stays silent is destroyed below.
    cancel.catch(() => {});
  };

  /** Past the deadline: cancel the statement, and destroy the connection if it still owes its answer HUNG_AFTER_MS later. */
  const overdue = (slot: Slot, settled: Promise<unknown>, pid: number | undefined, text: string, budgetMs: number) => {
    slot.isOverdue = true;
    cancelOnServer(pid, text, budgetMs);
    const timer = setTimeout(() => {
      slot.markClosed();
      slot.socket?.destroy(
        Object.assign(new Error(`The database connection gave no answer for ${HUNG_AFTER_MS / 1000} s past its deadline.`), { code: DATABASE_NOT_ANSWERING }),
      );
    }, HUNG_AFTER_MS);
    timer.unref();
    settled.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
  };

  /**
   * One statement on `slot`, bounded by `deadline`: `answer` is what its caller gets (the
   * answer read before the deadline ends wins, within-budget.ts), `ended` when the statement has.
   */
  const run = (
    slot: Slot,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    isValues: boolean,
    deadline: number,
    pid = () => pidOf(slot),
  ) => {
    const budget = Math.round(deadline - performance.now());
    if (budget <= 0) return { answer: Promise.reject(timeoutError(budget)), ended: Promise.resolve() };
    const query = slot.sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], options);
    // A statement on a connection that closes has ended, answered or not: its session is gone.
    const sent = new Promise<Rows>((resolve, reject) => {
      const fail = () => reject(connectionClosedError());
      if (slot.isClosed) return fail();
      slot.onClose.add(fail);
      (isValues ? query.values() : query).then(
        (rows) => {
          slot.onClose.delete(fail);
          resolve(rows as Rows);
        },
        (error: unknown) => {
          slot.onClose.delete(fail);
          reject(error);
        },
      );
    });
    const ended = sent.then(
      () => {},
      () => {},
    );
    const answer = withinBudget(sent, budget, () => {
      overdue(slot, ended, pid(), text, budget);
      return timeoutError(budget);
    });
    return { answer, ended };
  };

  /** A query outside any transaction: a connection of its own for its time. */
  const standalone = (text: string, params?: unknown[], options?: QueryOptions): PoolQuery =>
    lazy((isValues) => {
      const deadline = nextDeadline();
      const ready = waiters.length === 0 && !isEnded ? usable('query', deadline) : undefined;
      if (!ready || (!isPooled && pidOf(ready) === undefined)) return standaloneAfterWait(text, params, options, isValues, deadline);
      // The common case, sent at once (no await: this runs for every query).
      const slot = take(ready, 'query', deadline);
      const sent = run(slot, text, params, options, isValues, deadline);
      void sent.ended.then(() => release(slot));
      return sent.answer;
    });

  /** The same, when it waits for a connection, or for the backend's pid first. */
  const standaloneAfterWait = async (text: string, params: unknown[] | undefined, options: QueryOptions | undefined, isValues: boolean, deadline: number) => {
    const slot = await acquire('query', deadline);
    let ended = Promise.resolve();
    try {
      if (!isPooled && pidOf(slot) === undefined) {
        const asked = run(slot, 'select pg_backend_pid() as pid', undefined, undefined, false, deadline);
        ended = asked.ended;
        const [row] = await asked.answer;
        if (!slot.isClosed) slot.pid = Number(row!.pid);
      }
      const sent = run(slot, text, params, options, isValues, deadline);
      ended = sent.ended;
      return await sent.answer;
    } finally {
      // A statement past its deadline keeps its connection until it ends (cancelled, or destroyed).
      void ended.then(() => release(slot));
    }
  };

  const transaction = async <T>(work: (transaction: PoolClient) => Promise<T>, outer?: number): Promise<T> => {
    const deadline = outer ?? nextDeadline();
    const budget = Math.round(deadline - performance.now());
    const slot = await acquire('transaction', deadline);
    let pid: number | undefined;
    let isAbandoned = false;
    let isOpen = false;
    const inFlight = new Set<Promise<void>>();
    const runInside = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined, isValues: boolean) => {
      // Cut short (its deadline, or its connection lost): nothing more of it is sent.
      if (isAbandoned || slot.isClosed) return Promise.reject(slot.isClosed ? connectionClosedError() : timeoutError(budget));
      const { answer, ended } = run(slot, text, params, options, isValues, deadline, () => pid);
      inFlight.add(ended);
      void ended.then(() => inFlight.delete(ended));
      return answer;
    };
    const body = async () => {
      const ms = Math.max(1, Math.round(deadline - performance.now()));
      // Once the BEGIN is sent, a ROLLBACK follows whatever happens, unless the session is gone.
      isOpen = true;
      // One round trip: the BEGIN, PostgreSQL's own deadlines for the transaction, and the pid to
      // cancel. (A SELECT takes a snapshot: SET TRANSACTION ISOLATION LEVEL could not follow.)
      const answers = (await runInside(
        `begin; set local statement_timeout = ${ms}; set local lock_timeout = ${ms}; ` +
          `set local idle_in_transaction_session_timeout = ${ms + IDLE_IN_TRANSACTION_GRACE_MS}; select pg_backend_pid() as pid`,
        undefined,
        undefined,
        false,
      )) as unknown as Rows[];
      pid = Number(answers.at(-1)![0]!.pid);
      const result = await work(transactionClient(runInside, (inner) => savepoints(inner)));
      await runInside('commit', undefined, undefined, false);
      isOpen = false;
      return result;
    };
    let savepointCount = 0;
    const savepoints = async <R>(inner: (transaction: PoolClient) => Promise<R>): Promise<R> => {
      const name = `s${++savepointCount}`;
      await runInside(`savepoint ${name}`, undefined, undefined, false);
      try {
        const result = await inner(transactionClient(runInside, (next) => savepoints(next)));
        await runInside(`release savepoint ${name}`, undefined, undefined, false);
        return result;
      } catch (error) {
        await runInside(`rollback to savepoint ${name}`, undefined, undefined, false);
        throw error;
      }
    };
    const running = body();
    let isPastDeadline = false;
    try {
      return await withinBudget(running, Math.max(0, budget), () => {
        isAbandoned = isPastDeadline = true;
        return timeoutError(budget);
      });
    } catch (error) {
      isAbandoned = true;
      // The connection goes back once everything sent has ended, rolled back unless its session is gone (the server rolled it back).
      const cleanUp = running
        .catch(() => {})
        .then(() => Promise.allSettled([...inFlight]))
        .then(async () => {
          if (!isOpen || slot.isClosed) return;
          const rollback = run(slot, 'rollback', undefined, undefined, false, nextDeadline(), () => pid);
          rollback.answer.catch(() => {});
          await rollback.ended;
        })
        .finally(() => release(slot));
      // A transaction that failed is rolled back before its caller hears (its locks released, as
      // sql.begin does); one past its deadline is answered at once, and rolls back after.
      if (!isPastDeadline) await Promise.race([cleanUp, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())))]);
      throw error;
    } finally {
      if (!isAbandoned) release(slot);
    }
  };

  const client: PoolClient = {
    options: types,
    unsafe: standalone,
    begin: (work) => transaction(work),
    savepoint: () => Promise.reject(new Error('A savepoint needs a transaction.')),
    // LISTEN takes a connection of its own, apart from the pool.
    listen: (...args) => (listener ??= postgres(directUrl, postgresOptions(1, 'none'))).listen(...args),
  };

  return {
    client,
    use: () => {
      const inUse = slots.filter((slot) => slot.held > 0).length;
      return { inUse, waiting: waiters.length, size };
    },
    end: async () => {
      isEnded = true;
      for (const waiter of waiters.splice(0)) clearTimeout(waiter.timer);
      await Promise.all([...slots.map((slot) => slot.sql.end({ timeout: 5 })), cancelConnection?.end({ timeout: 1 }), listener?.end({ timeout: 1 })]);
    },
  };
}

function connectionClosedError(): Error {
  return Object.assign(new Error('The database connection closed.'), { code: 'CONNECTION_CLOSED' });
}

type RunInside = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined, isValues: boolean) => Promise<Rows>;

function transactionClient(runInside: RunInside, savepoint: PoolClient['savepoint']): PoolClient {
  return {
    options: { parsers: {}, serializers: {} },
    unsafe: (text, params, options) => lazy((isValues) => runInside(text, params, options, isValues)),
    begin: () => Promise.reject(new Error('Already inside a transaction: use a savepoint.')),
    savepoint,
    listen: () => Promise.reject(new Error('LISTEN is not for a transaction.')),
  };
}

/** A query that starts when first awaited, as the driver's do (drizzle calls `.values()` before awaiting). */
function lazy(start: (isValues: boolean) => Promise<Rows>): PoolQuery {
  let isValues = false;
  let started: Promise<Rows> | undefined;
  const query: PoolQuery = {
    then: (onFulfilled, onRejected) => (started ??= start(isValues)).then(onFulfilled, onRejected),
    values: () => {
      isValues = true;
      return query;
    },
  };
  return query;
}
