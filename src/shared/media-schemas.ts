import { z } from 'zod';
import { answerFields } from './answer-schemas.js';
import { limits } from './limits.js';
import { id, optionalText, textError } from './schemas.js';

/** A picture in a post: an upload's id (POST /media answered it) and its alt text, which may be empty. */
export const postMediaItem = z.object({
  id,
  alt: optionalText('Alt text', limits.altMax).default(''),
});

export const postMedia = z
  .array(postMediaItem, { error: 'Pictures must be a list.' })
  .max(limits.mediaPerPostMax, `A post can have at most ${limits.mediaPerPostMax} pictures.`);

const contentMessage = `Post content must be 1 to ${limits.contentMax} characters.`;

/** shared/schemas.ts's postContent, except that it may be blank: the object's rule below decides. */
const contentOrBlank = z
  .string({ error: textError('Post content') })
  .trim()
  .max(limits.contentMax, contentMessage)
  .refine((value) => !value.includes('\u0000'), 'Post content must not contain the NUL character (U+0000).');

const hasTextOrPictures = (input: { content: string; media?: unknown[] | undefined }) =>
  input.content !== '' || (input.media?.length ?? 0) > 0;
const textOrPictures = { message: contentMessage, path: ['content'] };

/**
 * A post's text and pictures (tRPC's create and edit). The text may be empty when the post has pictures: a
 * photo needs no caption. Without pictures it is 1 to 500 characters, as before. A new post may also say
 * who can answer it and which post it quotes (answer-schemas.ts).
 */
export const postCreateInput = z
  .object({ content: contentOrBlank, media: postMedia.optional(), ...answerFields })
  .refine(hasTextOrPictures, textOrPictures);

export const postEditInput = z
  .object({ postId: id, content: contentOrBlank, media: postMedia.optional() })
  .refine(hasTextOrPictures, textOrPictures);

/** `POST /media?purpose=`: what the picture is for, which decides its shape (docs/pictures.md). */
export const uploadPurpose = z
  .enum(['post', 'avatar', 'banner'], { error: 'purpose must be "post", "avatar" or "banner".' })
  .default('post');
