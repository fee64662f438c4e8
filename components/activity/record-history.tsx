'use client';
// RecordHistory: the "History" section of a pet's or an order's page. A pet's is its own
// history (GET /v1/pets/{petId}/history), for every role that may read the pet, with
// "Restore this version" for the roles that may restore; an order's comes from the
// activity log and is shown to admins only (the log is theirs to read).
import { RoleGate } from '../role-gate';
import { ActivityTable } from './activity-table';

function HistorySection({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8 space-y-3">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      {children}
    </section>
  );
}

export function RecordHistory({ resource, id }: { resource: 'pet' | 'order'; id: number }) {
  if (resource === 'pet')
    return (
      <HistorySection>
        <ActivityTable label="History" petId={id} params={{ limit: 10 }} />
      </HistorySection>
    );
  return (
    <RoleGate operation="listActivity">
      <HistorySection>
        <ActivityTable label="History" params={{ limit: 10, resource, resourceId: String(id) }} />
      </HistorySection>
    </RoleGate>
  );
}
