import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { placeholderUrl, singleAspect, srcSet } from '../lib/picture-layout';
import type { Picture } from '../lib/upload-picture';

// The viewer is fetched the first time a member opens a picture: the first bundle stays small.
const PictureViewer = lazy(() => import('./picture-viewer'));

/** How wide a slot is drawn: the whole card on a phone, about 600 px (or half of it) on a wide screen. */
const sizesFor = (count: number) =>
  count === 1 ? '(max-width: 640px) 100vw, 600px' : '(max-width: 640px) 50vw, 300px';

/**
 * A card's pictures: one at its own shape (clamped, lib/picture-layout.ts), two to four in a 16:9 grid. Every
 * slot's size is known before any picture arrives (CSS aspect-ratio) and shows the picture's ThumbHash
 * meanwhile, so the feed never jumps. A picture opens the viewer; closing it gives focus back to the picture.
 */
export function PostPictures({ pictures }: { pictures: readonly Picture[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<number | null>(null);
  const slots = useRef<(HTMLButtonElement | null)[]>([]);
  const backgrounds = useMemo(
    () => pictures.map((picture) => placeholderUrl(picture.placeholder)),
    [pictures],
  );

  useEffect(() => {
    // Some browsers do not focus a button that is clicked, so the viewer's own return of focus may miss it.
    if (open === null && opener.current !== null) {
      slots.current[opener.current]?.focus();
      opener.current = null;
    }
  }, [open]);

  if (pictures.length === 0) return null;
  const count = Math.min(pictures.length, 4);
  const single = count === 1;
  return (
    <div
      className={`post-pictures pictures-${count}`}
      data-testid="post-pictures"
      style={single ? { aspectRatio: String(singleAspect(pictures[0]!)) } : undefined}
    >
      {pictures.slice(0, 4).map((picture, index) => {
        const background = backgrounds[index];
        return (
          <button
            key={picture.id}
            type="button"
            className="picture-slot"
            ref={(element) => {
              slots.current[index] = element;
            }}
            aria-label={picture.alt ? undefined : `Open picture ${index + 1} of ${count}`}
            style={background ? { backgroundImage: `url("${background}")` } : undefined}
            onClick={() => {
              opener.current = index;
              setOpen(index);
            }}
          >
            <img
              src={picture.previewUrl}
              srcSet={srcSet(picture)}
              sizes={sizesFor(count)}
              width={picture.previewWidth}
              height={picture.previewHeight}
              alt={picture.alt}
              loading="lazy"
              decoding="async"
            />
            {picture.alt && (
              <span className="alt-badge" aria-hidden="true">
                ALT
              </span>
            )}
          </button>
        );
      })}
      {open !== null && (
        <Suspense fallback={null}>
          <PictureViewer pictures={pictures} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
