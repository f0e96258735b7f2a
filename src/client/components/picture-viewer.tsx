import { useEffect, useState } from 'react';
import { placeholderUrl } from '../lib/picture-layout';
import type { Picture } from '../lib/upload-picture';
import { Modal } from './modal';

/**
 * A post's pictures one at a time, large, each with its alt text under it for everyone to read, "2 of 3",
 * Previous and Next (the arrow keys too, wrapping round). Escape, Close or a click outside closes it; the
 * modal gives focus back to the picture that opened it. Loaded lazily by post-pictures.tsx.
 */
export default function PictureViewer({
  pictures,
  start,
  onClose,
}: {
  pictures: readonly Picture[];
  start: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const count = pictures.length;
  const picture = pictures[index] ?? pictures[0]!;
  const step = (by: number) => setIndex((now) => (now + by + count) % count);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((now) => (now - 1 + count) % count);
      else if (event.key === 'ArrowRight') setIndex((now) => (now + 1) % count);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count]);

  const background = placeholderUrl(picture.placeholder);
  return (
    <Modal title="Picture" onClose={onClose} className="picture-viewer">
      <button type="button" className="button secondary picture-viewer-close" onClick={onClose}>
        Close
      </button>
      <figure className="picture-viewer-figure">
        <img
          key={picture.id}
          src={picture.url}
          width={picture.width}
          height={picture.height}
          alt={picture.alt}
          decoding="async"
          style={background ? { backgroundImage: `url("${background}")` } : undefined}
        />
        <figcaption className="picture-viewer-alt" dir="auto">
          {picture.alt || <span className="muted">This picture has no description.</span>}
        </figcaption>
      </figure>
      {count > 1 && (
        <div className="picture-viewer-nav">
          <button type="button" className="button secondary" onClick={() => step(-1)}>
            Previous
          </button>
          <span aria-live="polite" data-testid="picture-position">
            {index + 1} of {count}
          </span>
          <button type="button" className="button secondary" onClick={() => step(1)}>
            Next
          </button>
        </div>
      )}
    </Modal>
  );
}
