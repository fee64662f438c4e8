// A wait for another party's answer, bounded by a budget that is the other
// party's: it runs out only after this process has read what arrived meanwhile.
// A plain race with setTimeout counts this process's own lag against the other
// side: when the event loop was busy past the budget, the timer and the answer
// are due at once, and Node runs timers before it reads sockets, so an answer
// that came in time would lose.

/** `answer`, or a rejection with `message` once `budgetMs` have passed and what had arrived by then was read. */
export function withinBudget<T>(answer: Promise<T>, budgetMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    // setImmediate runs after the event loop's poll for I/O: an answer already received settles first.
    timer = setTimeout(() => setImmediate(() => reject(new Error(message))), budgetMs);
  });
  return Promise.race([answer, expired]).finally(() => clearTimeout(timer));
}
