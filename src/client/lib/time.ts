const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** "5 min. ago", "yesterday", "3 wk. ago"; "just now" under a minute. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export const fullDate = (iso: string) => full.format(new Date(iso));

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** "March 2026": when a member joined, as a profile shows it. */
export const monthOf = (iso: string) => monthYear.format(new Date(iso));
