'use client';
// ChangedPets: links to the pets an import added or changed. The server names them through
// its batch: the undo's dry run lists the pets of the batch not changed since (right after
// the import, every one of them); admins also get the batch's entries on the Activity page.
import { useRole } from '@/lib/client/provider';
import { usePetsById, useUndoPreview } from '@/lib/client/hooks';
import type { Import } from '@/lib/contract/imports';
import { may } from '@/lib/contract/roles';
import { formatCount } from '../format';
import { IntentLink } from '../intent-link';

const SHOWN = 20;
const link = 'font-medium underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 dark:decoration-zinc-600 dark:hover:text-indigo-300';

export function ChangedPets({ job }: { job: Import }) {
  const role = useRole();
  const batch = useUndoPreview(job.batchId, { enabled: may(role, 'undoBatch') });
  const ids = (batch.data?.restored ?? []).map((pet) => pet.id);
  const shown = ids.slice(0, SHOWN);
  const names = usePetsById(shown);
  return (
    <section aria-labelledby="changed-pets-heading" className="space-y-2 text-sm">
      <h2 id="changed-pets-heading" className="text-base font-semibold">
        Pets it added or changed
      </h2>
      {batch.isPending && batch.fetchStatus !== 'idle' && <p>Finding them…</p>}
      {shown.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {shown.map((id) => (
            <li key={id}>
              <IntentLink href={`/pets/${id}`} className={link}>
                {names?.get(id)?.name ?? `Pet #${id}`}
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
      {ids.length > SHOWN && <p>and {formatCount(ids.length - SHOWN)} more.</p>}
      {may(role, 'listActivity') && (
        <p>
          <IntentLink href={`/activity?batchId=${job.batchId}`} className={link}>
            Every change of this import in Activity
          </IntentLink>
        </p>
      )}
    </section>
  );
}
