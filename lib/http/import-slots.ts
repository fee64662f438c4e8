// How many import files one instance takes in at once: each holds its body (up to 50 MB) from
// the first byte read, through the check of every row, to its parts stored. Two at once and
// two waiting unread; one more is answered 503 at once, so a burst of uploads costs a bounded
// amount of memory (docs/API.md, "Imports"). Counted per process (lib/process-state.ts).
import { processState } from '../process-state';
import { freeSlots, inSlot } from './slots';

const IMPORT_UPLOAD_BOUNDS = { running: 2, waiting: 2 };

const slots = processState('importSlots', freeSlots);

/** Runs `task` (an import's upload, its Idempotency-Key read included) in one of the slots. */
export function inImportSlot<Result>(task: () => Promise<Result>): Promise<Result> {
  return inSlot(slots, IMPORT_UPLOAD_BOUNDS, 'This server is taking in other import files; retry in a moment.', task);
}
