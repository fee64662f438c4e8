// How dates read in the dashboard: short, in the viewer's locale and time zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function formatDateTime(iso: string | undefined, fallback = '—'): string {
  return iso ? dateTime.format(new Date(iso)) : fallback;
}

/** The date and the time apart, for a table with many date columns (two short lines instead of one long one). */
export function splitDateTime(iso: string): { date: string; time: string } {
  const instant = new Date(iso);
  return { date: date.format(instant), time: time.format(instant) };
}
