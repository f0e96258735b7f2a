import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { moderationRows } from '../helpers/moderation.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 17, "done when": who may call each procedure of reports and moderation. Anonymous, pending,
// suspended, member, moderator and admin callers, on both engines; a refused call changes nothing.

let t: TestApp;
afterEach(() => t?.close());

type Caller = ReturnType<TestApp['caller']>;
type Callers = 'anonymous' | 'pending' | 'suspended' | 'member' | 'moderator' | 'admin';
const everyone: Callers[] = ['anonymous', 'pending', 'suspended', 'member', 'moderator', 'admin'];

/** A procedure: `make` makes what one call needs (a fresh target each time) and answers the call. */
type Call = (caller: Caller) => Promise<unknown>;
type Procedure = { name: string; make: () => Promise<Call>; allowed: Callers[] };
const ready = (call: Call) => async () => call;

const staff: Callers[] = ['moderator', 'admin'];

/** Fresh content and members to act on, so that each caller's allowed call has something to do. */
async function target() {
  const author = await t.member();
  const post = await t.caller(author.token).posts.create({ content: 'reported text' });
  const card = await t.caller(author.token).comments.add({ postId: post.id, text: 'a comment' });
  const reporter = await t.member();
  const report = await t
    .caller(reporter.token)
    .reports.create({ target: { kind: 'post', postId: post.id }, reason: 'spam' });
  return { author, postId: post.id, commentId: card.latestComments[0]!.id, reportId: report.id };
}

async function withStatus(fields: { status?: 'pending' | 'suspended'; limitedAt?: number }) {
  return (await t.member(fields)).username;
}

const procedures = (): Procedure[] => [
  {
    name: 'reports.create',
    allowed: ['member', 'moderator', 'admin'],
    make: async () => {
      const { postId } = await target();
      return (c) => c.reports.create({ target: { kind: 'post', postId }, reason: 'spam' });
    },
  },
  { name: 'admin.reports', allowed: staff, make: ready((c) => c.admin.reports({})) },
  { name: 'admin.members', allowed: staff, make: ready((c) => c.admin.members({ query: 'member' })) },
  { name: 'admin.log', allowed: staff, make: ready((c) => c.admin.log({})) },
  {
    name: 'admin.resolveReport',
    allowed: staff,
    make: async () => {
      const { reportId } = await target();
      return (c) => c.admin.resolveReport({ reportId, action: 'remove' });
    },
  },
  {
    name: 'admin.setRole',
    allowed: ['admin'],
    make: async () => {
      const { username } = await t.member();
      return (c) => c.admin.setRole({ username, role: 'moderator' });
    },
  },
  {
    name: 'admin.approve',
    allowed: staff,
    make: async () => {
      const username = await withStatus({ status: 'pending' });
      return (c) => c.admin.approve({ username });
    },
  },
  {
    name: 'admin.suspend',
    allowed: staff,
    make: async () => {
      const { username } = (await target()).author;
      return (c) => c.admin.suspend({ username });
    },
  },
  {
    name: 'admin.unsuspend',
    allowed: staff,
    make: async () => {
      const username = await withStatus({ status: 'suspended' });
      return (c) => c.admin.unsuspend({ username });
    },
  },
  {
    name: 'admin.limit',
    allowed: staff,
    make: async () => {
      const { username } = await t.member();
      return (c) => c.admin.limit({ username });
    },
  },
  {
    name: 'admin.unlimit',
    allowed: staff,
    make: async () => {
      const username = await withStatus({ limitedAt: Date.now() });
      return (c) => c.admin.unlimit({ username });
    },
  },
  {
    name: 'admin.removeContent (post)',
    allowed: staff,
    make: async () => {
      const { postId } = await target();
      return (c) => c.admin.removeContent({ kind: 'post', postId });
    },
  },
  {
    name: 'admin.removeContent (comment)',
    allowed: staff,
    make: async () => {
      const { postId, commentId } = await target();
      return (c) => c.admin.removeContent({ kind: 'comment', postId, commentId });
    },
  },
];

/** Why each caller who may not call a procedure is refused. */
function refusalOf(who: Callers, procedure: Procedure) {
  if (who === 'anonymous') return { code: 'UNAUTHORIZED', message: messages.invalidToken };
  if (who === 'pending') return { code: 'FORBIDDEN', message: messages.pending };
  if (who === 'suspended') return { code: 'FORBIDDEN', message: messages.suspended };
  const adminsOnly = procedure.allowed.length === 1 && procedure.allowed[0] === 'admin';
  return { code: 'FORBIDDEN', message: adminsOnly ? messages.adminsOnly : messages.moderatorsOnly };
}

describe('the authorization matrix of reports and moderation', () => {
  for (const procedure of procedures()) {
    it(`${procedure.name}: ${procedure.allowed.join(', ')} only`, async () => {
      t = await makeTestApp();
      const tokens: Record<Callers, string | undefined> = {
        anonymous: undefined,
        pending: (await t.member({ status: 'pending' })).token,
        suspended: (await t.member({ status: 'suspended' })).token,
        member: (await t.member()).token,
        moderator: (await t.member({ role: 'moderator' })).token,
        admin: (await t.member({ role: 'admin' })).token,
      };
      for (const who of everyone) {
        const call = await procedure.make();
        const caller = t.caller(tokens[who]);
        if (procedure.allowed.includes(who)) {
          await expect(call(caller), who).resolves.toBeDefined();
          continue;
        }
        const before = await moderationRows(t);
        await expect(call(caller), who).rejects.toMatchObject(refusalOf(who, procedure));
        expect(await moderationRows(t), who).toEqual(before);
      }
    });
  }
});
