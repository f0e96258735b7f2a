import type { PublicUser } from '../domain/columns.js';

/** A user nested in another object (likedBy, followers, votes...): PRODUCT.md item 2, never a password. */
export type UserRef = {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePic: string;
};

export const toUserRef = ({ id, ...rest }: PublicUser): UserRef => ({ _id: id, ...rest });

/** Spec section 3: "YYYY-MM-DDTHH:mm:ssZ", i.e. seconds and a zone offset. Realm answers in UTC. */
export const specTime = (ms: number) => new Date(ms).toISOString().slice(0, 19) + '+00:00';

export function groupBy<T, K, V = T>(
  items: T[],
  keyOf: (item: T) => K,
  valueOf?: (item: T) => V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key) ?? [];
    list.push(valueOf ? valueOf(item) : (item as unknown as V));
    groups.set(key, list);
  }
  return groups;
}
