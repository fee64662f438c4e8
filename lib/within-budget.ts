// A wait for another party's answer, bounded by a budget that is the other
// party's: it runs out only after this process has read what arrived meanwhile.
// A plain race with setTimeout counts this process's own lag against the other
// side: when the event loop was busy past the budget, the timer and the answer
// are due at once, and Node runs timers before it reads sockets, so an answer
// that came in time would lose (and a committed write would be reported failed).

/**
 * `answer`, or, once `budgetMs` have passed and what had arrived by then was
 * read, the error `expire` returns. `expire` runs only when the answer lost, so
 * it may act on that (cancel the work). `mayBeAnswered` says whether an answer
 * can have arrived at all (a request not sent yet cannot have one): if not, the
 * budget ends at once, before the request can be sent.
 */
export function withinBudget<T>(answer: PromiseLike<T>, budgetMs: number, expire: () => Error, mayBeAnswered = () => true): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let isSettled = false;
    // The first of the answer and the budget's end settles; the other is ignored.
    const settleOnce = (settle: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      settle();
    };
    const end = () => settleOnce(() => reject(expire()));
    // setImmediate runs after the event loop's poll for I/O: an answer already received settles first.
    const timer = setTimeout(() => (mayBeAnswered() ? setImmediate(end) : end()), budgetMs);
    answer.then(
      (value) => settleOnce(() => resolve(value)),
      (error: unknown) => settleOnce(() => reject(error)),
    );
  });
}
