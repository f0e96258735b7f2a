import { z } from 'zod';
import { limits, reservedUsernames } from './limits.js';
import { emailMax, emailPattern, handleMax, handlePattern, isReservedName } from './handle.js';
import { parseRichText, tagKey } from './rich-text.js';

/** "X is required." when missing, "X must be text." when of another type. */
export const textError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required.` : `${label} must be text.`;

export { usernameKey } from './username-key.js';

/**
 * PostgreSQL cannot store U+0000 in text, so neither engine is ever given one: every text that is stored
 * or looked up refuses it, with the same message on both.
 */
export const nulMessage = (label: string) => `${label} must not contain the NUL character (U+0000).`;

const withoutNul = <T extends z.ZodType<string>>(schema: T, label: string) =>
  schema.refine((value) => !value.includes('\u0000'), nulMessage(label));

/**
 * Invisible and direction-changing characters (Unicode's Default_Ignorable_Code_Point and Bidi_Control:
 * zero-width spaces and joiners, the soft hyphen, the right-to-left override...) let a name show as another
 * one, or reorder the text around it. Names refuse them (docs/security.md).
 */
const invisibleOrBidi = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

export const withoutInvisible = <T extends z.ZodType<string>>(schema: T, label: string) =>
  schema.refine(
    (value) => !invisibleOrBidi.test(value),
    `${label} cannot contain invisible or direction-changing characters.`,
  );

export const text = (label: string, max: number) =>
  withoutNul(
    z
      .string({ error: textError(label) })
      .trim()
      .min(1, `${label} must be 1 to ${max} characters.`)
      .max(max, `${label} must be 1 to ${max} characters.`),
    label,
  );

export const optionalText = (label: string, max: number) =>
  withoutNul(
    z
      .string({ error: textError(label) })
      .trim()
      .max(max, `${label} must be at most ${max} characters.`),
    label,
  );

/** A name people read as someone's: text without invisible or direction-changing characters. */
const nameText = (label: string, max: number) => withoutInvisible(optionalText(label, max), label);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// Empty clears the field; anything else must be an http(s) URL, so no javascript: link reaches a page.
// Pictures may also name one of the app's own seed pictures (/pictures/x.svg), which the seed members use.
const ownPicture = /^\/pictures\/[\w-]+\.svg$/;

// A picture the member uploaded is stored on the profile as its address on this server, `/media/<key>`
// (docs/pictures.md, "Avatars and banners"): accepted back from the profile's owner, who may send their
// profile as they read it; the domain rule checks it is one of their own uploads (domain/profile-pictures.ts).
export const uploadedPicture = /^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/;

const httpUrl = (label: string, allowOwnPicture = false, allowUpload = false) =>
  withoutNul(z.string({ error: textError(label) }), label)
    .trim()
    .max(limits.urlMax, `${label} must be an http(s) URL of at most ${limits.urlMax} characters.`)
    .refine(
      (value) =>
        value === '' ||
        isHttpUrl(value) ||
        (allowOwnPicture && ownPicture.test(value)) ||
        (allowUpload && uploadedPicture.test(value)),
      `${label} must be an http(s) URL of at most ${limits.urlMax} characters.`,
    );

export const postContent = text('Post content', limits.contentMax);
export const commentText = text('Comment text', limits.contentMax);

export const username = withoutNul(z.string({ error: textError('Username') }), 'Username')
  .min(1, `Username must be 1 to ${limits.usernameMax} characters.`)
  .max(limits.usernameMax, `Username must be 1 to ${limits.usernameMax} characters.`)
  .regex(/^[^\s/]+$/, 'Username must not contain spaces or slashes.')
  .refine(
    (value) => !(reservedUsernames as readonly string[]).includes(value.toLowerCase()),
    'That username is reserved. Please choose another.',
  )
  .refine(
    (value) => !invisibleOrBidi.test(value),
    'Usernames cannot contain invisible or direction-changing characters.',
  );

/** A handle to sign up with or change to (shared/handle.ts): Mastodon's rule, reserved names refused. */
export const handle = withoutNul(z.string({ error: textError('Handle') }), 'Handle')
  .trim()
  .regex(handlePattern, `A handle is 1 to ${handleMax} letters, digits or underscores (_).`)
  .refine((value) => !isReservedName(value), 'That username is reserved. Please choose another.');

/** An email to sign up with: a reasonable address, at most 254 characters; kept as typed, compared folded. */
export const email = withoutNul(z.string({ error: textError('Email') }), 'Email')
  .trim()
  .min(1, 'Email is required.')
  .max(emailMax, `An email is at most ${emailMax} characters.`)
  .regex(emailPattern, 'Enter an email address like name@example.com.');

export const newPassword = z
  .string({ error: textError('Password') })
  .min(limits.passwordMin, `Password must be ${limits.passwordMin} to ${limits.passwordMax} characters.`)
  .max(limits.passwordMax, `Password must be ${limits.passwordMin} to ${limits.passwordMax} characters.`);

export const profileFields = z.object({
  firstName: nameText('First name', limits.nameMax).optional(),
  lastName: nameText('Last name', limits.nameMax).optional(),
  bio: optionalText('Bio', limits.bioMax).optional(),
  link: httpUrl('Link').optional(),
  profilePic: httpUrl('Profile picture', true, true).optional(),
  profileBanner: httpUrl('Profile banner', true, true).optional(),
});
export type ProfileFields = z.infer<typeof profileFields>;

// Someone signing up has no uploads yet, so their pictures can only be addresses elsewhere.
export const signupInput = profileFields.extend({
  profilePic: httpUrl('Profile picture', true).optional(),
  profileBanner: httpUrl('Profile banner', true).optional(),
  username,
  password: newPassword,
});
export type SignupInput = z.infer<typeof signupInput>;

/** A username to look up (not to sign up with): any text up to 200 characters. */
export const lookupUsername = withoutNul(z.string({ error: textError('Username') }), 'Username')
  .min(1, 'Username is required.')
  .max(200, 'Username must be at most 200 characters.');

export const loginInput = z.object({
  username: lookupUsername,
  password: z
    .string({ error: textError('Password') })
    .min(1, 'Password is required.')
    .max(1000, 'Password must be at most 1000 characters.'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const id = withoutNul(z.string({ error: textError('An id') }), 'An id')
  .min(1, 'An id is required.')
  .max(100, 'An id is at most 100 characters.');
/** The notifications page's filter: everything, or only where someone mentioned you. */
export const notificationFilter = z
  .enum(['all', 'mentions'], { error: 'filter must be "all" or "mentions".' })
  .default('all');
export type NotificationFilter = z.infer<typeof notificationFilter>;

export const cursor = z
  .string()
  .max(300, 'That page cursor is not valid. Start again from the first page.')
  .nullish();
/**
 * A hashtag's feed, `/tag/:tag`: a tag as shared/rich-text.ts reads one after a `#` (1 to 100 letters,
 * digits and `_`, at least one not a digit), given without the `#`, folded as tags are stored.
 */
export const tag = z
  .string({ error: textError('A tag') })
  .refine((value) => {
    const [segment, ...rest] = parseRichText(`#${value}`);
    return rest.length === 0 && segment?.kind === 'tag' && segment.text === `#${value}`;
  }, `A tag is 1 to ${limits.tagMax} letters, digits or underscores, at least one of them not a digit, without the #.`)
  .transform((value) => tagKey(value));

export const feedMode = z.enum(['latest', 'trending'], {
  error: 'The feed mode must be latest or trending.',
});

/** A search (docs/search.md): its text, read by shared/search-query.ts, and a page cursor. */
export const searchInput = z.object({
  q: text('A search', limits.searchQueryMax),
  cursor,
});
