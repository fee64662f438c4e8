'use client';
// RecordHistory: the "History" section of a pet's or an order's page, from the
// activity log; shown to admins only (the log is theirs to read).
import { RoleGate } from '../role-gate';
import { ActivityTable } from './activity-table';

export function RecordHistory({ resource, id }: { resource: 'pet' | 'order'; id: number }) {
  return (
    <RoleGate operation="listActivity">
      <section aria-labelledby="history-heading" className="mt-8 space-y-3">
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        <ActivityTable label="History" params={{ limit: 10, resource, resourceId: String(id) }} />
      </section>
    </RoleGate>
  );
}
