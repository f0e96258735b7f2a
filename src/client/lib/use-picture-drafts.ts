import { useCallback, useEffect, useRef, useState } from 'react';
import { limits } from '../../shared/limits';
import { fits } from '../components/text-counter';
import { offlineText } from './error-text';
import { localThumbnail } from './local-thumbnail';
import { uploadPicture, UploadError, type Picture } from './upload-picture';
import { useInstance } from './use-instance';

/** A picture on its way into a post: uploading (shown from the member's own file) or uploaded. */
export type PictureDraft = {
  key: string;
  /** What the thumbnail shows: drawn from the member's file, else the server's preview; '' meanwhile. */
  src: string;
  picture: Picture | null;
  alt: string;
};

let drafted = 0;

/**
 * The pictures of a post being written or edited. Each file uploads as soon as it is added, so the post goes
 * out at once when the member presses Post; a refused file leaves no draft behind, only `problem`, in the
 * server's words.
 */
export function usePictureDrafts(initial: readonly Picture[] = []) {
  const [drafts, setDrafts] = useState<PictureDraft[]>(() =>
    initial.map((picture) => ({ key: picture.id, src: picture.previewUrl, picture, alt: picture.alt })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  // The instance's own limit (REALM_MEDIA_PER_POST), 4 until its details have come.
  const { picturesPerPost } = useInstance().instance;
  const uploads = useRef(new Map<string, AbortController>());
  const count = useRef(drafts.length);
  count.current = drafts.length;

  const forget = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
  }, []);

  useEffect(() => {
    const open = uploads.current;
    return () => {
      for (const controller of open.values()) controller.abort();
    };
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const pictures = files.filter((file) => file.type === '' || file.type.startsWith('image/'));
      const room = picturesPerPost - count.current;
      const taken = pictures.slice(0, Math.max(0, room));
      if (pictures.length < files.length) setProblem('Only pictures can be added to a post.');
      else if (taken.length < pictures.length) {
        setProblem(`A post can have up to ${picturesPerPost} pictures.`);
      } else setProblem(null);
      if (taken.length === 0) return;
      count.current += taken.length;
      const added = taken.map((file) => {
        const key = `draft-${++drafted}`;
        const update = (change: (draft: PictureDraft) => PictureDraft) =>
          setDrafts((now) => now.map((draft) => (draft.key === key ? change(draft) : draft)));
        void localThumbnail(file).then((src) => src && update((draft) => ({ ...draft, src })));
        const controller = new AbortController();
        uploads.current.set(key, controller);
        uploadPicture(file, { signal: controller.signal }).then(
          (picture) => {
            uploads.current.delete(key);
            update((draft) => ({ ...draft, picture, src: draft.src || picture.previewUrl }));
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            forget(key);
            setDrafts((now) => now.filter((draft) => draft.key !== key));
            setProblem(error instanceof UploadError ? error.message : offlineText);
          },
        );
        return { key, src: '', picture: null, alt: '' };
      });
      setDrafts((now) => [...now, ...added]);
    },
    [forget, picturesPerPost],
  );

  const remove = useCallback(
    (key: string) => {
      forget(key);
      setDrafts((now) => now.filter((draft) => draft.key !== key));
    },
    [forget],
  );

  const setAlt = useCallback((key: string, alt: string) => {
    setDrafts((now) => now.map((draft) => (draft.key === key ? { ...draft, alt } : draft)));
  }, []);

  const reset = useCallback(() => {
    for (const key of [...uploads.current.keys()]) forget(key);
    setDrafts([]);
    setProblem(null);
  }, [forget]);

  return {
    drafts,
    problem,
    add,
    remove,
    setAlt,
    reset,
    uploading: drafts.some((draft) => draft.picture === null),
    full: drafts.length >= picturesPerPost,
    altTooLong: drafts.some((draft) => !fits(draft.alt, limits.altMax)),
    /** What posts.create and posts.edit take: ids in order, each with its alt text as the server counts it. */
    media: () =>
      drafts.flatMap((draft) => (draft.picture ? [{ id: draft.picture.id, alt: draft.alt.trim() }] : [])),
  };
}
