'use client';
// The history's controls (docs/DASHBOARD.md, "Restore and undo"), for the roles that may
// use them: RestoreEntryButton sets a pet back to its state after an entry (or brings a
// deleted one back); UndoBatchButton undoes a whole bulk change or import, after a confirm
// that says, from the server's dry run, how many pets it touches and how many it leaves.
import { RotateCcw, Undo2 } from 'lucide-react';
import { useUndoBatch, useUndoPreview, useRestoreEntry } from '@/lib/client/hooks';
import type { ActivityEntry } from '@/lib/contract/activity';
import type { UndoneBatch } from '@/lib/contract/restore';
import { errorsFromApi } from '../form-errors';
import { formatCount } from '../format';
import { IntentLink } from '../intent-link';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Notice } from '../ui/notice';

const pets = (count: number) => `${formatCount(count)} ${count === 1 ? 'pet' : 'pets'}`;

/** What a finished restore or undo says above the table. */
export type Outcome = { title: string; detail?: string };

export function RestoreEntryButton({ entry, onDone }: { entry: ActivityEntry; onDone: (outcome: Outcome) => void }) {
  const restore = useRestoreEntry();
  const isDelete = entry.action === 'delete';
  const label = isDelete ? 'Restore' : 'Restore this version';
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" aria-label={`${label}: pet #${entry.resourceId}, entry ${entry.id}`}>
          <RotateCcw aria-hidden />
          {label}
        </Button>
      }
      title={isDelete ? `Bring pet #${entry.resourceId} back?` : `Restore pet #${entry.resourceId} to this version?`}
      description={
        isDelete
          ? 'The pet comes back under its id, with its tags and photos, as one new change in its history.'
          : 'Its name, category, status and tags go back to what this entry left, as one new change: the history keeps every entry.'
      }
      mutation={restore}
      run={(close) =>
        restore.mutate(entry.id, {
          onSuccess: (pet) => {
            close();
            onDone({ title: isDelete ? `${pet.name} is back` : `${pet.name} is restored to that version` });
          },
        })
      }
      confirmLabel={isDelete ? 'Bring it back' : 'Restore this version'}
      pendingLabel="Restoring…"
      errorTitle="Nothing was restored"
    />
  );
}

function UndoPreview({ batchId }: { batchId: string }) {
  const preview = useUndoPreview(batchId, { enabled: true });
  if (preview.isPending) return <p role="status">Counting the pets it touches…</p>;
  if (preview.isError)
    return (
      <Notice tone="error" title="The undo cannot be checked">
        {errorsFromApi(preview.error).message}
      </Notice>
    );
  const { restored, leftAlone } = preview.data;
  return (
    <>
      <p className="font-medium text-zinc-900 dark:text-zinc-100">
        It touches {pets(restored.length)} and leaves {formatCount(leftAlone.length)} alone.
      </p>
      {restored.length > 0 && (
        <p>Each of the {pets(restored.length)} goes back to how it was before this change, as a new change that can be undone in turn.</p>
      )}
      {leftAlone.length > 0 && <LeftAlone items={leftAlone} heading="Left alone (changed since):" />}
    </>
  );
}

const SHOWN = 10;

function LeftAlone({ items, heading }: { items: UndoneBatch['leftAlone']; heading: string }) {
  return (
    <div>
      <p>{heading}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.slice(0, SHOWN).map((item) => (
          <li key={item.id}>
            <IntentLink href={`/pets/${item.id}`} className="font-medium underline underline-offset-2">
              Pet #{item.id}
            </IntentLink>
            : {item.reason}
          </li>
        ))}
      </ul>
      {items.length > SHOWN && <p className="mt-1">and {formatCount(items.length - SHOWN)} more.</p>}
    </div>
  );
}

/** Undo for one batch; `label` names it for a screen reader ("Undo the batch of entry 12"). */
export function UndoBatchButton({ batchId, label, onDone }: { batchId: string; label: string; onDone: (outcome: Outcome) => void }) {
  const undo = useUndoBatch();
  const preview = useUndoPreview(batchId, { enabled: false });
  const restorable = preview.data?.restored.length ?? 0;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" aria-label={label} title="Undo every change of this bulk change or import">
          <Undo2 aria-hidden />
          Undo
        </Button>
      }
      title="Undo this bulk change or import?"
      description="Every pet it changed and nobody has changed since goes back to how it was before it."
      mutation={undo}
      run={(close) =>
        undo.mutate(batchId, {
          onSuccess: (done) => {
            close();
            onDone({
              title: `Undone: ${pets(done.restored.length)} restored, ${formatCount(done.leftAlone.length)} left alone`,
              detail: done.leftAlone.length > 0 ? done.leftAlone.map((item) => `Pet #${item.id}: ${item.reason}`).join(' · ') : undefined,
            });
          },
        })
      }
      confirmLabel={`Undo for ${pets(restorable)}`}
      pendingLabel="Undoing…"
      errorTitle="Nothing was undone"
      canConfirm={restorable > 0}
    >
      <UndoPreview batchId={batchId} />
    </ConfirmDialog>
  );
}
