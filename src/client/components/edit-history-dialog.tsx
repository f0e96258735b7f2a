import { fullDate } from '../lib/time';
import { errorMessage, trpc } from '../lib/trpc';
import type { HistoryTarget } from './edited-mark';
import { Modal } from './modal';

type Version = { version: number; text: string; at: string; current: boolean; original: boolean };

const nameOf = (v: Version) =>
  v.current && v.original
    ? 'Original (current)'
    : v.current
      ? 'Current'
      : v.original
        ? 'Original'
        : `Version ${v.version}`;

/** Every text a post or comment has had, newest first, each with when it was written; the original marked. */
export default function EditHistoryDialog({
  target,
  onClose,
}: {
  target: HistoryTarget;
  onClose: () => void;
}) {
  const commentId = target.kind === 'comment' ? target.commentId : '';
  const post = trpc.posts.history.useQuery({ postId: target.postId }, { enabled: target.kind === 'post' });
  const comment = trpc.comments.history.useQuery(
    { postId: target.postId, commentId },
    { enabled: target.kind === 'comment' },
  );
  const history = target.kind === 'post' ? post : comment;
  const what = target.kind === 'post' ? 'post' : 'comment';

  return (
    <Modal title={`Edit history of this ${what}`} onClose={onClose}>
      {history.isPending ? (
        <p className="muted" aria-busy="true">
          Loading the earlier versions…
        </p>
      ) : history.isError ? (
        <p role="alert">
          Could not load the earlier versions: {errorMessage(history.error)}{' '}
          <button type="button" className="text-button" onClick={() => void history.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <ol className="edit-history" aria-label="Versions, newest first" tabIndex={0}>
            {history.data.versions.map((v) => (
              <li key={v.version} className="edit-version">
                <p className="edit-version-head">
                  <strong>{nameOf(v)}</strong>{' '}
                  <time className="muted" dateTime={v.at}>
                    {fullDate(v.at)}
                  </time>
                </p>
                <p className="edit-version-text" dir="auto">
                  {v.text}
                </p>
              </li>
            ))}
          </ol>
          {history.data.olderOmitted > 0 && (
            <p className="muted">
              {history.data.olderOmitted === 1
                ? 'The original version is not shown: only the newest versions are.'
                : `${history.data.olderOmitted} older versions, the original among them, are not shown: only the newest versions are.`}
            </p>
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
