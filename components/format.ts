// How dates read in the dashboard: short, in the viewer's locale and time zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string | undefined, fallback = '—'): string {
  return iso ? dateTime.format(new Date(iso)) : fallback;
}
