import { profileFields, type ProfileFields } from '../../shared/schemas.js';
import { limits } from '../../shared/limits.js';
import { DomainError } from '../domain/errors.js';
import type { FormFile, FormValue } from './form-bodies.js';

// PATCH /api/v1/accounts/update_credentials's body (JSON, a form or multipart) as Realm's profile fields
// (docs/mastodon-api.md, "Accounts"): display_name is split into first and last name, note is the bio, the
// first profile field's value is the link; avatar and header are files, stored as the web app's uploads.

export type CredentialChanges = { fields: ProfileFields; avatar?: FormFile; header?: FormFile };

const unprocessable = (message: string) =>
  new DomainError(422, `Validation failed: ${message}`, 'BAD_REQUEST');

const isFile = (value: FormValue | undefined): value is FormFile =>
  typeof value === 'object' && value !== null && 'bytes' in value;

function text(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw unprocessable(`${name} must be text`);
  return value;
}

/**
 * "Amara Okafor" → first "Amara", last "Okafor"; "Mary Ann Smith" → "Mary", "Ann Smith"; one word is a
 * first name alone. The web app and the Account show them joined by a space again, so the name reads back
 * as written (spaces between words aside).
 */
export function splitDisplayName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first = '', ...rest] = words;
  const firstName = first;
  const lastName = rest.join(' ');
  if (firstName.length > limits.nameMax || lastName.length > limits.nameMax) {
    throw unprocessable(
      `display_name is kept as a first name (its first word) and a last name (the rest), each at most ${limits.nameMax} characters`,
    );
  }
  return { firstName, lastName };
}

/** The link from `fields_attributes`: an object keyed "0", "1"... or a list; the first field's value. */
function linkOf(attributes: unknown): string | undefined {
  if (attributes === undefined) return undefined;
  const list = Array.isArray(attributes)
    ? attributes
    : typeof attributes === 'object' && attributes !== null
      ? Object.keys(attributes)
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => (attributes as Record<string, unknown>)[key])
      : [];
  const first = list[0] as { value?: unknown } | undefined;
  // No field at all clears the link, as an empty list clears Mastodon's fields.
  return first === undefined ? '' : (text(first.value, 'fields_attributes[0][value]') ?? '');
}

export function credentialChanges(body: unknown): CredentialChanges {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, FormValue>;
  const displayName = text(input.display_name, 'display_name');
  const raw = {
    ...(displayName !== undefined && splitDisplayName(displayName)),
    bio: text(input.note, 'note'),
    link: linkOf(input.fields_attributes),
  };
  const parsed = profileFields.safeParse(raw);
  if (!parsed.success) throw unprocessable(parsed.error.issues[0]!.message);
  const { avatar, header } = input;
  if (avatar !== undefined && !isFile(avatar)) throw unprocessable('avatar must be a file');
  if (header !== undefined && !isFile(header)) throw unprocessable('header must be a file');
  return {
    fields: parsed.data,
    ...(avatar !== undefined && { avatar }),
    ...(header !== undefined && { header }),
  };
}
