import { describe, expect, it } from 'vitest';
import { factoryPassword } from '../../../seed/factories.js';
import { postStatusId } from '../../../src/server/mastodon/entities/status.js';
import { useStreamingServer } from '../../helpers/mastodon-streaming-server.js';
import { openMastodonSocket, openMastodonSse } from '../../helpers/mastodon-stream.js';

// Streams count against their own cap, not a client's requests at once (docs/security.md, "Limits on every
// request"): with every limit on clients on, a member's open streams leave their other calls served, and
// streams opened with `?access_token=` leave their address's signed-out requests served. The cap of 8
// streams a member holds exactly, however many open at once.

const s = useStreamingServer({ rateLimit: true, requestsPer5Minutes: 100_000 });

const streamsPerMember = 8;

async function sse(token: string) {
  const opened = s.keep(await openMastodonSse(`${s.base}/api/v1/streaming/public`, token));
  expect(opened.status).toBe(200);
  return opened;
}

const socket = async (token: string) =>
  s.keep(await openMastodonSocket(`${s.base}/api/v1/streaming?stream=public&access_token=${token}`));

describe('open streams', () => {
  it('leave their member’s calls answered: a member with all 8 SSE streams open is served', async () => {
    const me = await s.member();
    for (let i = 0; i < streamsPerMember; i++) await sse(me.app);
    const calls = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${s.base}/api/v1/accounts/verify_credentials`, {
          headers: { authorization: `Bearer ${me.app}` },
        }),
      ),
    );
    expect(calls.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const web = await fetch(`${s.base}/api/users/${me.username}`, { headers: { authorization: me.token } });
    expect(web.status).toBe(200);
  });

  it('opened with ?access_token= leave a signed-out login from their address served', async () => {
    const me = await s.member();
    for (let i = 0; i < 4; i++) await socket(me.app);
    const login = await fetch(`${s.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: me.username, password: factoryPassword }),
    });
    expect(login.status).toBe(200);
  });

  it('opened 20 at once, half SSE and half WebSocket, leave exactly 8 open', async () => {
    const me = await s.member('read');
    const opened = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        if (i % 2 === 0) {
          const stream = await sse(me.app);
          return { ended: stream.ended, heard: stream.next };
        }
        const ws = await socket(me.app);
        return { ended: ws.closed, heard: ws.next };
      }),
    );
    const ended = new Set<number>();
    opened.forEach((stream, i) => void stream.ended.then(() => ended.add(i)));
    await expect.poll(() => ended.size).toBe(20 - streamsPerMember);

    const author = await s.member();
    const card = await s.t.caller(author.token).posts.create({ content: 'to the open ones' });
    const open = opened.filter((_, i) => !ended.has(i));
    expect(open).toHaveLength(streamsPerMember);
    await Promise.all(
      open.map((stream) => stream.heard('update', (payload) => payload.includes(postStatusId(card)))),
    );
    expect(ended.size).toBe(20 - streamsPerMember);
  });
});
