import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { nextMs } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// feed_heads (migration 0022, SQLite's alone): the time of each member's newest stream item, which the first
// page of a Latest home feed starts from. Kept by triggers on feed_items, so it must follow every write that
// moves a stream: a post, a boost, their removal, an account's.

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

type Head = [memberId: string, createdAt: number];

/** The heads as kept, and as the streams say they should be. */
function heads(): { kept: Head[]; derived: Head[] } {
  const sql = t.db.$client;
  return {
    kept: sql
      .prepare<[], Head>('select member_id, created_at from feed_heads order by member_id')
      .raw()
      .all(),
    derived: sql
      .prepare<[], Head>(
        'select member_id, max(created_at) from feed_items group by member_id order by member_id',
      )
      .raw()
      .all(),
  };
}

async function post(m: Member, content: string) {
  await nextMs();
  return (await t.caller(m.token).posts.create({ content })).id;
}
const latest = async (m: Member) =>
  (await t.caller(m.token).posts.feed({ mode: 'latest' })).items.map((card) =>
    card.boostedBy ? `${card.content} <- ${card.boostedBy.username}` : card.content,
  );

describe("each member's newest stream item", () => {
  it('follows posts, boosts, their removal and a deleted account, and the first page with it', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ana = await t.member({ username: 'ana' });
    const bob = await t.member({ username: 'bob' });
    await t.caller(me.token).follow.follow({ userId: ana.id });
    await t.caller(me.token).follow.follow({ userId: bob.id });

    const older = await post(ana, 'older');
    const newer = await post(ana, 'newer');
    await post(bob, 'bob writes');
    await nextMs();
    await t.caller(bob.token).posts.boost({ postId: older });
    expect(heads().kept).toHaveLength(2);
    expect(heads().kept).toEqual(heads().derived);
    expect(await latest(me)).toEqual(['older <- bob', 'bob writes', 'newer']);

    // The newest item removed: the head goes back to the one before it.
    await t.caller(ana.token).posts.delete({ postId: newer });
    await t.caller(bob.token).posts.unboost({ postId: older });
    expect(heads().kept).toEqual(heads().derived);
    expect(await latest(me)).toEqual(['bob writes', 'older']);

    // An older item removed leaves the head; the last one removed takes it away.
    await t.caller(ana.token).posts.delete({ postId: older });
    expect(heads().kept).toEqual(heads().derived);
    expect(heads().kept.map(([member]) => member)).toEqual([bob.id]);

    await post(ana, 'back again');
    await t.caller(bob.token).account.delete({ password: factoryPassword });
    expect(heads().kept).toEqual(heads().derived);
    expect(heads().kept.map(([member]) => member)).toEqual([ana.id]);
    expect(await latest(me)).toEqual(['back again']);
  });
});
