import { offlineText, serverFailureText } from './error-text';
import { session } from './session';
import type { PostCard } from './trpc-types';

/** A picture as cards carry it, and as `POST /media` answers an upload (docs/pictures.md). */
export type Picture = PostCard['media'][number];

export const busyText = 'Realm is busy with other pictures; try again in a moment.';

/** An upload the server refused, worded for the member. */
export class UploadError extends Error {}

/** The server's own sentence from an error answer (`{ errors: [message] }`), when it has one. */
async function serverSentence(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
    return typeof first === 'string' && first !== '' ? first : null;
  } catch {
    return null;
  }
}

/**
 * What a refused upload says, in plain words (as lib/error-text.ts does for tRPC): the server's sentences for
 * a file that is not a picture (400), one too large (413) or the storage quota (403) are written for members
 * already; the rest are worded here.
 */
export async function uploadErrorText(response: Response): Promise<string> {
  const sentence = await serverSentence(response);
  switch (response.status) {
    case 400:
      return sentence ?? 'This file could not be read as a picture. Send a JPEG, PNG, WebP, AVIF or GIF.';
    case 413:
      return sentence ?? 'This picture is too large. Send a smaller one.';
    case 401:
      return 'Your session has ended. Sign in again to add pictures.';
    case 403:
      return sentence ?? 'You cannot add pictures right now.';
    case 429: {
      const seconds = Number(response.headers.get('retry-after'));
      const when =
        seconds > 0
          ? ` Try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`
          : '';
      return `You have added many pictures in the last hour.${when || ' Try again later.'}`;
    }
    case 503:
      // Busy says when to come back; a server that cannot process pictures at all says so in its own words.
      return response.headers.has('retry-after') ? busyText : (sentence ?? busyText);
    default:
      return response.status >= 500 ? serverFailureText : (sentence ?? serverFailureText);
  }
}

/** What an upload is for: a post's picture, or the member's avatar or banner (cropped to its shape). */
export type PicturePurpose = 'post' | 'avatar' | 'banner';

/**
 * Sends one picture to `POST /media`: the file itself as the body (the server reads its bytes, never its
 * name or type), the tab's token in `Authorization` as tRPC sends it. Resolves with the stored picture or
 * rejects with an UploadError whose message a member can act on.
 */
export async function uploadPicture(
  file: Blob,
  options: { purpose?: PicturePurpose; signal?: AbortSignal } = {},
): Promise<Picture> {
  const { purpose = 'post', signal } = options;
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(purpose === 'post' ? '/media' : `/media?purpose=${purpose}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: token } : {}), 'content-type': 'application/octet-stream' },
      body: file,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new UploadError(offlineText);
  }
  if (response.status !== 201) throw new UploadError(await uploadErrorText(response));
  return (await response.json()) as Picture;
}
