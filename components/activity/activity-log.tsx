'use client';
// ActivityLog: the Activity page's entries for its filters, and their CSV export. The
// date range is in the viewer's days: From's midnight to the end of To, in their time zone.
import type { ListActivityParams } from '@/lib/client/api-client';
import { ActivityTable } from './activity-table';
import { ExportActivityButton } from './export-activity-button';

export type ActivityLogFilters = { resource?: string; resourceId?: string; person?: string; from?: string; to?: string; batchId?: string };

/** Midnight at the start of a YYYY-MM-DD day, `days` later, in the viewer's time zone. */
function localMidnight(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + days);
}

export function ActivityLog({ filters }: { filters: ActivityLogFilters }) {
  const { from, to, ...rest } = filters;
  const params: Omit<ListActivityParams, 'limit' | 'cursor'> = {
    ...rest,
    since: from && localMidnight(from).toISOString(),
    until: to && new Date(localMidnight(to, 1).getTime() - 1).toISOString(),
  };
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <ExportActivityButton filters={params} />
      </div>
      <ActivityTable key={JSON.stringify(params)} label="Activity" params={{ limit: 25, ...params }} />
    </div>
  );
}
