import { offlineText, serverFailureText } from './error-text';
import { session } from './session';

// Uploads one picture to `POST /media` (docs/pictures.md): tRPC carries JSON, not bytes, so this is a plain
// fetch with the tab's token. The server's refusals are sentences a member can act on (a 503 says whether it
// is busy or cannot process pictures at all); the fallbacks below word answers that come without one (a
// proxy's 413 page) and any other failure.

export type PicturePurpose = 'post' | 'avatar' | 'banner';

/** What the server answers for a stored picture: its stored file and preview, with their sizes. */
export type UploadedPicture = {
  id: string;
  url: string;
  previewUrl: string;
  width: number;
  height: number;
  previewWidth: number;
  previewHeight: number;
  placeholder: string;
};

const fallbacks: Record<number, string> = {
  400: 'This file is not a picture Realm can use. Send a JPEG, PNG, WebP, AVIF or GIF.',
  401: 'You are signed out. Sign in again to upload pictures.',
  403: 'You cannot upload pictures right now.',
  413: 'This picture is too large. Send a smaller one.',
  429: 'You have uploaded many pictures in the last hour. Try again later.',
  503: 'The server is busy processing other pictures. Try again in a moment.',
};

export class PictureUploadError extends Error {}

/** The server's own sentence for a refusal it knows (400, 403, 413, 429, 503...), else plain words. */
async function refusalOf(response: Response): Promise<string> {
  const fallback = fallbacks[response.status] ?? serverFailureText;
  try {
    const body = (await response.json()) as { errors?: unknown };
    const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
    return typeof first === 'string' && first !== '' && fallbacks[response.status] ? first : fallback;
  } catch {
    return fallback;
  }
}

/** Sends `file` for `purpose`; answers the stored picture or throws a PictureUploadError in plain words. */
export async function uploadPicture(file: Blob, purpose: PicturePurpose): Promise<UploadedPicture> {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(`/media?purpose=${purpose}`, {
      method: 'POST',
      headers: token ? { authorization: token } : {},
      body: file,
    });
  } catch {
    throw new PictureUploadError(offlineText);
  }
  if (response.status !== 201) throw new PictureUploadError(await refusalOf(response));
  return (await response.json()) as UploadedPicture;
}
