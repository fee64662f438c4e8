// How dates and numbers read in the dashboard: dates short, in the viewer's locale and time zone.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const timeToTheSecond = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

export function formatDateTime(iso: string | undefined, fallback = '—'): string {
  return iso ? dateTime.format(new Date(iso)) : fallback;
}

/** The day alone ("Nov 29, 2026"). */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/** The date and the time apart, for a table with many date columns (two short lines instead of one long one). */
export function splitDateTime(iso: string, options: { toTheSecond?: boolean } = {}): { date: string; time: string } {
  const instant = new Date(iso);
  return { date: date.format(instant), time: (options.toTheSecond ? timeToTheSecond : time).format(instant) };
}

const whole = new Intl.NumberFormat('en');

/** 1234 reads "1,234". */
export function formatCount(count: number): string {
  return whole.format(count);
}

/** Where a page sits in the whole list: "1–20 of 1,234". */
export function formatRange(first: number, shown: number, total: number | undefined): string {
  const range = shown === 0 ? '0' : `${formatCount(first)}–${formatCount(first + shown - 1)}`;
  return total === undefined ? range : `${range} of ${formatCount(total)}`;
}
