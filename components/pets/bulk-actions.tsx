'use client';
// BulkActions: what the pets list does with a selection. A bar says what is
// selected (and offers every pet matching the filters once the page is), and
// holds Change status, Change category, Tags (add or remove one tag on each) and
// Delete (roles that may edit) and Export (everyone).
// While a change runs it becomes a progress bar with Cancel; at the end a
// summary (announced) and the refused pets, each linked, with the reason.
import { Tag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PetstoreClient } from '@/lib/client/api-client';
import type { BulkAction } from '@/lib/client/bulk-change';
import { useCategories } from '@/lib/client/hooks';
import type { Pet, PetWithIncluded } from '@/lib/contract/pets';
import { plainMessage } from '../form-errors';
import { formatCount } from '../format';
import { UndoBatchButton, type Outcome as UndoOutcome } from '../activity/restore-controls';
import { RoleGate } from '../role-gate';
import { BulkProgress } from '../selection/bulk-progress';
import { counted, RefusedList, SelectionBar, type Noun } from '../selection/selection-bar';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { Field, Select } from '../ui/field';
import { Notice } from '../ui/notice';
import { TagChip } from '../tags/tag-chips';
import { TagCombobox } from '../tags/tag-combobox';
import { ExportPetsButton } from './export-pets-button';
import { PET_STATUS_LABELS } from './status-badge';
import type { BulkRunState, useBulkRun } from './use-bulk-run';
import type { PetSelection } from './use-pet-selection';

const PET_NOUN: Noun = ['pet', 'pets'];
const pets = (count: number) => counted(count, PET_NOUN);

export function BulkActions({
  selection,
  page,
  total,
  run,
  exportPages,
}: {
  selection: PetSelection;
  page: Pet[];
  /** How many pets match the filters (undefined while the counts load). */
  total: number | undefined;
  run: ReturnType<typeof useBulkRun>;
  exportPages: (client: PetstoreClient) => AsyncIterable<PetWithIncluded[]>;
}) {
  const { state } = run;
  return (
    <>
      {state.phase === 'running' ? (
        <BulkProgressBar state={state} onCancel={run.cancel} />
      ) : (
        !selection.isEmpty && <PetSelectionBar selection={selection} page={page} total={total} onStart={run.start} exportPages={exportPages} />
      )}
      {/* Always in the page, so that the summary put into it is announced. */}
      <div aria-live="polite">{state.phase === 'done' && <BulkSummary state={state} onDismiss={run.dismiss} />}</div>
      {state.phase === 'done' && state.result.refused.length > 0 && (
        <RefusedList noun={PET_NOUN} refused={state.result.refused.map(({ pet, error }) => ({ id: pet.id, name: pet.name, href: `/pets/${pet.id}`, error }))} />
      )}
    </>
  );
}

function PetSelectionBar({
  selection,
  page,
  total,
  onStart,
  exportPages,
}: {
  selection: PetSelection;
  page: Pet[];
  total: number | undefined;
  onStart: (action: BulkAction) => void;
  exportPages: (client: PetstoreClient) => AsyncIterable<PetWithIncluded[]>;
}) {
  const count = selection.count(total);
  return (
    <SelectionBar selection={selection} page={page} total={total} noun={PET_NOUN}>
      <RoleGate operation="bulkUpdatePets">
        <ChangeStatusDialog count={count} onConfirm={(status) => onStart({ kind: 'status', status })} />
        <ChangeCategoryDialog count={count} onConfirm={(categoryId, categoryName) => onStart({ kind: 'category', categoryId, categoryName })} />
        <TagDialog count={count} onConfirm={(change, tag) => onStart({ kind: 'tag', change, tag })} />
        <DeleteDialog count={count} onConfirm={() => onStart({ kind: 'delete' })} />
      </RoleGate>
      <ExportPetsButton size="sm" label="Export selected" pages={exportPages} total={count} />
    </SelectionBar>
  );
}

// Pending is not offered: it comes only from placing an order (as in the single edit).
const OFFERED_STATUSES = ['available', 'sold'] as const;

function ChangeStatusDialog({ count, onConfirm }: { count: number; onConfirm: (status: (typeof OFFERED_STATUSES)[number] | null) => void }) {
  const [status, setStatus] = useState<string>('available');
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Change status
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Change the status of ${pets(count)}`}
        description="Each pet is changed on its own, by the rules of a single edit: a pet with an open order keeps the status its order gives it, and Pending comes only from placing an order."
      >
        <Field id="bulk-status" label="New status">
          <Select id="bulk-status" value={status} onChange={(event) => setStatus(event.target.value)}>
            {OFFERED_STATUSES.map((each) => (
              <option key={each} value={each}>
                {PET_STATUS_LABELS[each]}
              </option>
            ))}
            <option value="">No status</option>
          </Select>
        </Field>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            onClick={() => {
              setOpen(false);
              onConfirm(status === '' ? null : (status as (typeof OFFERED_STATUSES)[number]));
            }}
          >
            Change {pets(count)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ChangeCategoryDialog({ count, onConfirm }: { count: number; onConfirm: (categoryId: number, categoryName: string) => void }) {
  const categories = useCategories();
  const [chosen, setChosen] = useState('');
  const [isOpen, setOpen] = useState(false);
  const category = categories.data?.find((each) => String(each.id) === chosen) ?? categories.data?.[0];
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Change category
        </Button>
      </DialogTrigger>
      <DialogContent title={`Move ${pets(count)} to another category`} description="Each pet is changed on its own, as in a single edit; its status stays.">
        <Field id="bulk-category" label="New category">
          <Select id="bulk-category" value={category ? String(category.id) : ''} onChange={(event) => setChosen(event.target.value)}>
            {categories.data?.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            disabled={!category}
            onClick={() => {
              if (!category) return;
              setOpen(false);
              onConfirm(category.id, category.name);
            }}
          >
            Move {pets(count)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TagDialog({ count, onConfirm }: { count: number; onConfirm: (change: 'add' | 'remove', tag: string) => void }) {
  const [picked, setPicked] = useState<string>();
  const [typed, setTyped] = useState<string>();
  const [isOpen, setOpen] = useState(false);
  const tag = picked ?? typed;
  const confirm = (change: 'add' | 'remove') => {
    setOpen(false);
    setPicked(undefined);
    setTyped(undefined);
    onConfirm(change, tag!);
  };
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Tag aria-hidden />
          Tags
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Add or remove a tag on ${pets(count)}`}
        description="Each pet keeps its other tags. A pet that would have more than 20 tags is left as it was, and named at the end."
      >
        <div className="space-y-1.5">
          <label htmlFor="bulk-tag" className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Tag
          </label>
          {picked ? (
            <p>
              <TagChip tag={picked} onRemove={() => setPicked(undefined)} />
            </p>
          ) : (
            <TagCombobox id="bulk-tag" chosen={[]} allowsNew placeholder="Type a tag or pick one" onPick={setPicked} onText={setTyped} />
          )}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="secondary" disabled={!tag} onClick={() => confirm('remove')}>
            Remove from {pets(count)}
          </Button>
          <Button disabled={!tag} onClick={() => confirm('add')}>
            Add to {pets(count)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ count, onConfirm }: { count: number; onConfirm: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className="text-red-700 dark:text-red-400">
          <Trash2 aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent title={`Delete ${pets(count)}?`} description="They leave the catalogue for good. A pet with orders is kept: orders are history.">
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep them</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Delete {pets(count)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function alreadyWord(action: BulkAction): string {
  if (action.kind === 'status') return action.status ? PET_STATUS_LABELS[action.status] : 'without a status';
  return action.kind === 'category' ? `in ${action.categoryName}` : 'so';
}

function actionWords(action: BulkAction): { verb: string; ing: string; what: string } {
  if (action.kind === 'delete') return { verb: 'deleted', ing: 'Deleting', what: 'Deleted from the catalogue' };
  if (action.kind === 'tag') {
    return action.change === 'add'
      ? { verb: 'tagged', ing: `Adding the tag “${action.tag}”`, what: `Tag “${action.tag}” added` }
      : { verb: 'changed', ing: `Removing the tag “${action.tag}”`, what: `Tag “${action.tag}” removed` };
  }
  if (action.kind === 'category') return { verb: 'moved', ing: `Moving to ${action.categoryName}`, what: `New category: ${action.categoryName}` };
  const status = action.status ? PET_STATUS_LABELS[action.status] : 'No status';
  return { verb: 'changed', ing: `Changing status to ${status}`, what: `New status: ${status}` };
}

function BulkProgressBar({ state, onCancel }: { state: Extract<BulkRunState, { phase: 'running' }>; onCancel: () => void }) {
  const { ing } = actionWords(state.action);
  const { total, progress } = state;
  const text = total === undefined ? undefined : `${formatCount(progress.done)} of ${pets(total)}`;
  const status = (
    <>
      {state.isStopping ? 'Stopping: waiting for the changes already sent…' : `${ing}: ${text ?? 'finding the selected pets…'}`}
      {progress.alreadySo > 0 && <span className="font-normal"> · {formatCount(progress.alreadySo)} already so</span>}
      {progress.refused > 0 && <span className="font-normal"> · {formatCount(progress.refused)} refused</span>}
    </>
  );
  return (
    <BulkProgress
      status={status}
      progress={total !== undefined && text ? { done: progress.done, total, text } : undefined}
      stopLabel="Cancel"
      isStopping={state.isStopping}
      onStop={onCancel}
    />
  );
}

function BulkSummary({ state, onDismiss }: { state: Extract<BulkRunState, { phase: 'done' }>; onDismiss: () => void }) {
  const { result, action, seconds } = state;
  const [undone, setUndone] = useState<UndoOutcome>();
  if (undone) {
    return (
      <Notice tone="success" className="mb-4" title={undone.title} onDismiss={onDismiss}>
        {undone.detail}
      </Notice>
    );
  }
  // Whatever the run changed before it ended can be taken back, by those who may (an editor).
  const undo = result.batchId && result.changed.length > 0 && (
    <RoleGate operation="undoBatch">
      <span className="mt-2 block">
        <UndoBatchButton batchId={result.batchId} label="Undo this bulk change" onDone={setUndone} />
      </span>
    </RoleGate>
  );
  const { verb, what } = actionWords(action);
  const counts = [
    `${formatCount(result.changed.length)} ${verb}`,
    result.alreadySo.length > 0 && `${formatCount(result.alreadySo.length)} already ${alreadyWord(action)}`,
    result.refused.length > 0 && `${formatCount(result.refused.length)} refused`,
  ]
    .filter(Boolean)
    .join(', ');
  const notSent = result.total - result.changed.length - result.alreadySo.length - result.refused.length;
  const detail = `${what}. ${pets(result.total)} selected; took ${seconds.toFixed(1)} s.`;
  if (result.stoppedBy === 'cancel') {
    return (
      <Notice tone="warning" className="mb-4" title={`Cancelled: ${counts} before it stopped`} onDismiss={onDismiss}>
        {detail} The other {pets(notSent)} were not sent.
        {undo}
      </Notice>
    );
  }
  if (result.stoppedBy) {
    return (
      <Notice tone="error" className="mb-4" title={`Stopped: ${plainMessage(result.stoppedBy)}`} onDismiss={onDismiss}>
        {counts} before it stopped; the other {pets(notSent)} were not sent. {detail}
        {undo}
      </Notice>
    );
  }
  return (
    <Notice tone={result.refused.length > 0 ? 'warning' : 'success'} className="mb-4" title={counts} onDismiss={onDismiss}>
      {detail}
      {undo}
    </Notice>
  );
}
