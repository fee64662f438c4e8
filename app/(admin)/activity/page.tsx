// /activity (admins): the activity log, filtered by resource, id and user
// through the URL (a plain GET form: a link can be shared).
import type { Metadata } from 'next';
import { ActivityTable } from '@/components/activity/activity-table';
import { Field, Input, Select } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { ACTIVITY_RESOURCES } from '@/lib/contract/activity';
import { lackReason, may } from '@/lib/contract/roles';

export const metadata: Metadata = { title: 'Activity' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const text = (value: string | string[] | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);

export default async function ActivityPage({ searchParams }: Props) {
  const { role } = await requireSession('/activity');
  const query = await searchParams;
  const resource = ACTIVITY_RESOURCES.find((name) => name === text(query.resource));
  const resourceId = text(query.resourceId)?.match(/^[0-9]{1,19}$/)?.[0];
  const actorUserId = text(query.actorUserId)?.match(/^[0-9]{1,15}$/)?.[0];
  return (
    <>
      <PageHeader
        title="Activity"
        description="Who changed what, and when: every change and sign-in, newest first, recorded in the same transaction as the change."
      />
      {may(role, 'listActivity') ? (
        <div className="space-y-4">
          <form
            method="get"
            className="flex flex-wrap items-end gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <Field id="activity-resource" label="Resource">
              <Select id="activity-resource" name="resource" defaultValue={resource ?? ''}>
                <option value="">Any</option>
                {ACTIVITY_RESOURCES.map((name) => (
                  <option key={name} value={name}>
                    {name.replace('_', ' ')}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="activity-id" label="Its id">
              <Input id="activity-id" name="resourceId" inputMode="numeric" defaultValue={resourceId ?? ''} className="h-10 w-28" />
            </Field>
            <Field id="activity-user" label="User id">
              <Input id="activity-user" name="actorUserId" inputMode="numeric" defaultValue={actorUserId ?? ''} className="h-10 w-28" />
            </Field>
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </form>
          <ActivityTable
            key={`${resource}-${resourceId}-${actorUserId}`}
            label="Activity"
            params={{ limit: 25, resource, resourceId, actorUserId: actorUserId === undefined ? undefined : Number(actorUserId) }}
          />
        </div>
      ) : (
        <Notice tone="info" title="Only admins read the activity log">
          {lackReason(role, 'listActivity')}
        </Notice>
      )}
    </>
  );
}
