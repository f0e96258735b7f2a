import { newPostsLabel } from '../lib/new-posts';
import '../notifications.css';

/**
 * "1 new post" / "N new posts" over the top of the feed. It floats in a box of no height, so showing it
 * never moves what the member is reading; the box is a polite live region, so a screen reader hears it.
 */
export function NewPostsButton({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className="new-posts" aria-live="polite">
      {count > 0 && (
        <button type="button" className="button new-posts-button" onClick={onShow}>
          <span aria-hidden="true">↑ </span>
          {newPostsLabel(count)}
        </button>
      )}
    </div>
  );
}
