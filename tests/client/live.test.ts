import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../src/client/lib/live.js';
import { newPostsLabel, postsAbove, unseen } from '../../src/client/lib/new-posts.js';
import { createSseParser, type SseMessage } from '../../src/client/lib/sse.js';

// The web client's reading of GET /events and its "N new posts" arithmetic.

const parseAll = (chunks: string[]) => {
  const messages: SseMessage[] = [];
  const push = createSseParser((message) => messages.push(message));
  chunks.forEach(push);
  return messages;
};

describe('the event-stream parser', () => {
  it('reads named events, skips comments and retry lines, and joins data lines', () => {
    const text = 'retry: 2000\n\nevent: hello\ndata: {"unread": 3}\n\n: ping\n\ndata: a\ndata: b\n\n';
    expect(parseAll([text])).toEqual([
      { event: 'hello', data: '{"unread": 3}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('gives the same events however the bytes are cut, with CRLF, CR or LF line ends', () => {
    const text = 'event: unread\r\ndata: {"count":1}\r\n\r\nevent: post\rdata: {"postId":"p"}\r\revent: x\n';
    const whole = parseAll([text]);
    expect(whole).toEqual([
      { event: 'unread', data: '{"count":1}' },
      { event: 'post', data: '{"postId":"p"}' },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    }
    expect(parseAll([...text])).toEqual(whole);
  });

  it('dispatches nothing until the blank line that ends an event', () => {
    expect(parseAll(['event: hello\ndata: {}\n'])).toEqual([]);
  });
});

describe('reconnecting', () => {
  it('waits about 1 s, then twice as long each time, never more than about 30 s', () => {
    expect(reconnectDelay(0, 0.5)).toBe(1_000);
    expect(reconnectDelay(1, 0.5)).toBe(2_000);
    expect(reconnectDelay(4, 0.5)).toBe(16_000);
    expect(reconnectDelay(10, 0.5)).toBe(30_000);
    expect(reconnectDelay(0, 0)).toBe(750);
    expect(reconnectDelay(10, 1)).toBe(37_500);
  });
});

describe('new posts above the feed', () => {
  const post = (id: string, minute: number) => ({ id, createdAt: `2026-11-22T10:${minute}:00.000Z` });

  it('are those of a fresh first page above the post on top of the list', () => {
    const fresh = [post('c', 30), post('b', 20), post('a', 10)];
    expect(postsAbove(fresh, post('a', 10))).toEqual(['c', 'b']);
    expect(postsAbove(fresh, post('c', 30))).toEqual([]);
    expect(postsAbove(fresh, undefined)).toEqual(['c', 'b', 'a']);
    // The top post was deleted, or more than a page came: those newer than it.
    expect(postsAbove(fresh, post('gone', 25))).toEqual(['c']);
  });

  it('are counted while they are not on screen, and labelled in the singular for one', () => {
    const known = new Set(['x', 'y', 'z']);
    expect(unseen(known, [{ id: 'y' }, { id: 'q' }])).toBe(2);
    expect(unseen(new Set(), [{ id: 'y' }])).toBe(0);
    expect(newPostsLabel(1)).toBe('1 new post');
    expect(newPostsLabel(4)).toBe('4 new posts');
  });
});
