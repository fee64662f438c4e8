// /activity (admins): the activity log, filtered by resource, id, person and a range of
// days through the URL (a plain GET form: a link can be shared), with a CSV export.
import type { Metadata } from 'next';
import { ActivityLog } from '@/components/activity/activity-log';
import { IntentLink } from '@/components/intent-link';
import { Field, Input, Select } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { ACTIVITY_RESOURCES } from '@/lib/contract/activity';
import { lackReason, may } from '@/lib/contract/roles';
import { resourceLabel } from '@/components/activity/activity-words';

export const metadata: Metadata = { title: 'Activity' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const text = (value: string | string[] | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A YYYY-MM-DD day that exists (a date input's value), else undefined. */
function day(value: string | string[] | undefined): string | undefined {
  const given = text(value);
  if (!given || !/^\d{4}-\d{2}-\d{2}$/.test(given)) return undefined;
  const parsed = new Date(`${given}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(given) ? given : undefined;
}

export default async function ActivityPage({ searchParams }: Props) {
  const { role } = await requireSession('/activity');
  const query = await searchParams;
  const resource = ACTIVITY_RESOURCES.find((name) => name === text(query.resource));
  const resourceId = text(query.resourceId)?.match(/^[0-9]{1,19}$/)?.[0];
  const person = text(query.person)?.slice(0, 254);
  const from = day(query.from);
  const to = day(query.to);
  // One batch's entries (a bulk change's, an import's): the import summary links here.
  const batchId = text(query.batchId)?.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)?.[0];
  const isRangeBackwards = from !== undefined && to !== undefined && from > to;
  return (
    <>
      <PageHeader
        title="Activity"
        description="Who changed what, and when: every change, sign-in and sign-out, newest first, recorded in the same transaction as the change."
      />
      {may(role, 'listActivity') ? (
        <div className="space-y-4">
          <form
            method="get"
            className="flex flex-wrap items-end gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <Field id="activity-person" label="Person">
              <Input
                id="activity-person"
                name="person"
                type="search"
                placeholder="Name or email"
                defaultValue={person ?? ''}
                className="h-10 w-56"
                maxLength={254}
              />
            </Field>
            <Field id="activity-resource" label="Resource">
              <Select id="activity-resource" name="resource" defaultValue={resource ?? ''}>
                <option value="">Any</option>
                {ACTIVITY_RESOURCES.map((name) => (
                  <option key={name} value={name}>
                    {resourceLabel(name)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="activity-id" label="Its id">
              <Input id="activity-id" name="resourceId" inputMode="numeric" defaultValue={resourceId ?? ''} className="h-10 w-28" />
            </Field>
            <Field id="activity-from" label="From">
              <Input id="activity-from" name="from" type="date" defaultValue={from ?? ''} className="h-10 w-40" />
            </Field>
            <Field id="activity-to" label="To">
              <Input id="activity-to" name="to" type="date" defaultValue={to ?? ''} className="h-10 w-40" />
            </Field>
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </form>
          {batchId && (
            <Notice tone="info" title="One batch's entries: a bulk change, an import or an undo">
              <IntentLink href="/activity" className="font-medium underline underline-offset-2">
                Show every entry
              </IntentLink>
            </Notice>
          )}
          {isRangeBackwards ? (
            <Notice tone="error" title="The range ends before it starts">
              From ({from}) is after To ({to}): pick a To on or after the From.
            </Notice>
          ) : (
            <ActivityLog filters={{ resource, resourceId, person, from, to, batchId }} />
          )}
        </div>
      ) : (
        <Notice tone="info" title="Only admins read the activity log">
          {lackReason(role, 'listActivity')}
        </Notice>
      )}
    </>
  );
}
