import { describe, expect, it } from 'vitest';
import {
  displayName,
  notificationExcerpt,
  notificationHref,
  notificationText,
  unreadBadge,
} from '../../src/client/lib/notification-text.js';

// The words of /notifications and the bell: how a NotificationView (src/server/domain/views.ts) reads.

const person = (firstName: string, lastName: string, username = `${firstName || 'x'}@realm.test`) => ({
  id: username,
  username,
  firstName,
  lastName,
  profilePic: '',
});
const amara = person('Amara', 'Okafor');
const kenji = person('Kenji', 'Sato');
const nameless = person('', '', 'quiet@realm.test');

describe('a notification says', () => {
  it('who did it: one, two, or the first and how many others', () => {
    const like = { kind: 'like' as const, actors: [amara], actorCount: 1 };
    expect(notificationText(like)).toBe('Amara Okafor liked your post');
    expect(notificationText({ ...like, actors: [amara, kenji], actorCount: 2 })).toBe(
      'Amara Okafor and Kenji Sato liked your post',
    );
    expect(notificationText({ ...like, actors: [amara, kenji, nameless], actorCount: 4 })).toBe(
      'Amara Okafor and 3 others liked your post',
    );
  });

  it('what they did', () => {
    const one = { actors: [amara], actorCount: 1 };
    expect(notificationText({ ...one, kind: 'comment' })).toBe('Amara Okafor commented on your post');
    expect(notificationText({ ...one, kind: 'mention' })).toBe('Amara Okafor mentioned you');
    expect(notificationText({ ...one, kind: 'follow' })).toBe('Amara Okafor followed you');
  });

  it('a member without a name by their username', () => {
    expect(displayName(nameless)).toBe('quiet@realm.test');
    expect(displayName(person('Cher', ''))).toBe('Cher');
  });

  it('where it leads: the post, or the profile of whoever followed', () => {
    const post = { id: 'p1', excerpt: 'Hello' };
    expect(notificationHref({ kind: 'mention', actors: [amara], post })).toBe('/post/p1');
    expect(notificationHref({ kind: 'follow', actors: [nameless], post: null })).toBe(
      '/profile/quiet%40realm.test',
    );
    const comment = { id: 'c1', excerpt: 'Nice one' };
    expect(notificationExcerpt({ post, comment })).toBe('Nice one');
    expect(notificationExcerpt({ post, comment: null })).toBe('Hello');
    expect(notificationExcerpt({ post: null, comment: null })).toBeNull();
  });
});

describe('the bell', () => {
  it('shows the count, and "99+" above 99', () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});
