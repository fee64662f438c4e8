// Time left of an import from its rate so far: the rows done since the page first saw it
// running, over the time between that answer and the latest (react-query's dataUpdatedAt:
// the browser's clock alone, so a server's clock that differs does not matter).
import { useState } from 'react';

type Seen = { importId: number; processed: number; at: number };

/** "about 12 s left" / "about 3 min left", or undefined until there is a rate. */
export function useTimeLeft(of: { id: number; processed: number; rows: number; isRunning: boolean; answeredAt: number }): string | undefined {
  const [first, setFirst] = useState<Seen>();
  if (!of.isRunning) return undefined;
  if (first?.importId !== of.id) {
    // Set during render, as React allows for state derived from props: the next render has it.
    setFirst({ importId: of.id, processed: of.processed, at: of.answeredAt });
    return undefined;
  }
  const done = of.processed - first.processed;
  const seconds = (of.answeredAt - first.at) / 1000;
  if (done <= 0 || seconds <= 0) return undefined;
  const left = (of.rows - of.processed) / (done / seconds);
  return left < 60 ? `about ${Math.max(1, Math.round(left))} s left` : `about ${Math.round(left / 60)} min left`;
}
