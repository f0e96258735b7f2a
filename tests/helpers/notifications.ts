import { vi } from 'vitest';
import { now } from '../../src/server/domain/clock.js';
import type { NotificationView } from '../../src/server/domain/views.js';
import type { TestApp } from './test-app.js';

// Helpers of the notification tests: what a member's list shows, the clock moved, and every
// notification row of both tables for "a refused call changed nothing".

/** domain/notifications.ts: likes and follows group within fixed 12-hour spans of Unix time. */
export const groupSpanMs = 12 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;

/**
 * Freezes Date an hour into a fresh 12-hour span beyond any time the clock (domain/clock.ts) has given out,
 * so that grouping does not depend on when the test runs; `later(ms)` moves it on. Time only moves forward:
 * the clock never goes back. Undo with `vi.useRealTimers()`.
 */
export function freezeClockInNewSpan(): { later(ms: number): void } {
  let at = (Math.floor(now() / groupSpanMs) + 1) * groupSpanMs + hour;
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  return { later: (ms) => vi.setSystemTime((at += ms)) };
}

/** What one notification says: kind, actors by username newest first, and how many acted. */
export const gist = (view: NotificationView) => ({
  kind: view.kind,
  actors: view.actors.map((actor) => actor.username),
  actorCount: view.actorCount,
});

/** The first page of the member's notifications. */
export async function inbox(t: TestApp, member: { token: string }): Promise<NotificationView[]> {
  return (await t.caller(member.token).notifications.list({})).items;
}

export async function unread(t: TestApp, member: { token: string }): Promise<number> {
  return (await t.caller(member.token).notifications.unreadCount()).count;
}

/** Every notification row, sorted, to compare before and after. */
export async function notificationRows(t: Pick<TestApp, 'sql'>): Promise<string[]> {
  const groups = await t.sql('select * from notifications');
  const actors = await t.sql('select * from notification_actors');
  return [...groups, ...actors].map((row) => JSON.stringify(row)).sort();
}
