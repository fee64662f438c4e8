// DateTimeCell: an instant in a table as two short lines, the date over the
// time, so that tables with several date columns stay narrow enough to be
// tables on a desk.
import { splitDateTime } from './format';

export function DateTimeCell({ iso, fallback = '—' }: { iso: string | null | undefined; fallback?: string }) {
  if (!iso) return fallback;
  const { date, time } = splitDateTime(iso);
  return (
    <time dateTime={iso} className="block leading-tight">
      {date}
      <span className="block text-xs text-zinc-500 dark:text-zinc-400">{time}</span>
    </time>
  );
}
