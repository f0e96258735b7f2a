import { describe, expect, it } from 'vitest';
import { countWords, formatCount, wordFor } from '../../src/client/lib/count-words.js';
import { newPostsLabel } from '../../src/client/lib/new-posts.js';
import { notificationText } from '../../src/client/lib/notification-text.js';

// Counts in words (src/client/lib/count-words.ts): English plural rules and separators, wherever the web
// app shows a number of things.

const amara = { id: 'a', username: 'amara', firstName: 'Amara', lastName: 'Okafor', profilePic: '' };

describe('a count', () => {
  it('takes the singular for one and the plural for none and many', () => {
    expect(countWords(1, 'Follower', 'Followers')).toBe('1 Follower');
    expect(countWords(0, 'Follower', 'Followers')).toBe('0 Followers');
    expect(countWords(2, 'Follower', 'Followers')).toBe('2 Followers');
    expect(wordFor(1, 'Post', 'Posts')).toBe('Post');
    expect(wordFor(11, 'Post', 'Posts')).toBe('Posts');
  });

  it('separates thousands', () => {
    expect(countWords(1871, 'Follower', 'Followers')).toBe('1,871 Followers');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });

  it('reads so in the bookmark line, the new posts button and a grouped notification', () => {
    expect(`${countWords(1, 'post', 'posts')} in bookmark`).toBe('1 post in bookmark');
    expect(`${countWords(6, 'post', 'posts')} in bookmark`).toBe('6 posts in bookmark');
    expect(newPostsLabel(1)).toBe('1 new post');
    expect(newPostsLabel(1200)).toBe('1,200 new posts');
    const comment = { kind: 'comment' as const, actors: [amara], actorCount: 5 };
    expect(notificationText(comment)).toBe('Amara Okafor and 4 others commented on your post');
    expect(notificationText({ ...comment, actorCount: 2002 })).toBe(
      'Amara Okafor and 2,001 others commented on your post',
    );
  });
});
