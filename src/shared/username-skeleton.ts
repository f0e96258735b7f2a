import unhomoglyph from 'unhomoglyph';
import { usernameKey } from './username-key.js';

/**
 * What a username looks like (Unicode TR39's skeleton, over the case-folded key): two usernames with one
 * skeleton would be mistaken for each other, like `admin` and `аdmin` with a Cyrillic а, so signup refuses
 * the second (docs/security.md). unhomoglyph is TR39's confusables mapping; its prototypes are sometimes
 * capitals (`0` and `ꓮ` map to `O` and `A`), so the mapped text is folded again and mapped once more, and
 * a name that looks like another in any case has the same skeleton. Beside username-key.ts because both the
 * store (the backfill) and the rules use it; only the server imports it: its table is 100 KB.
 */
export const usernameSkeleton = (name: string) =>
  unhomoglyph(unhomoglyph(usernameKey(name).normalize('NFD')).toLowerCase()).normalize('NFD');
