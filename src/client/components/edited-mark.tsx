import { lazy, Suspense, useState } from 'react';
import { fullDate } from '../lib/time';

const EditHistoryDialog = lazy(() => import('./edit-history-dialog'));

export type HistoryTarget =
  { kind: 'post'; postId: string } | { kind: 'comment'; postId: string; commentId: string };

/**
 * "edited" beside a post's or comment's time, the edit's date on hover and in its name. With `history` (on
 * the post's own page) it is a button that opens every earlier version; the dialog is fetched the first time.
 */
export function EditedMark({ iso, history }: { iso: string; history?: HistoryTarget }) {
  const [open, setOpen] = useState(false);
  const label = `Edited ${fullDate(iso)}`;
  const time = (
    <time dateTime={iso} title={label}>
      edited
    </time>
  );
  if (!history) return <span className="muted edited-mark">{time}</span>;
  return (
    <>
      <button
        type="button"
        className="text-button edited-mark"
        aria-label={`${label}. Show the edit history`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {time}
      </button>
      {open && (
        <Suspense fallback={null}>
          <EditHistoryDialog target={history} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
