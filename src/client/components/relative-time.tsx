import { fullDate, relativeTime } from '../lib/time';

/** "3 hr. ago", with the full date on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={fullDate(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
