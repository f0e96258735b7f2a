import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { messages } from '../../src/server/domain/errors.js';
import { epoch, insertRows } from '../helpers/rows.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Every procedure of instance settings, accounts, invites, relations, reports and moderation, called by each
// kind of caller, on both engines. A call is either answered or refused with the expected code and message,
// and a refused call changes nothing: every table is the same after it. Each procedure and caller is
// asserted here alone.

type Caller = 'anonymous' | 'member' | 'moderator' | 'admin' | 'suspended' | 'pending';
type Outcome = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND';

/** The instance each case starts from: one of each caller, a member Tina with a post, a comment, a report. */
async function world(t: TestApp) {
  const [member, moderator, admin, suspended, pending, tina, invitee] = await Promise.all([
    t.member(),
    t.member({ role: 'moderator' }),
    t.member({ role: 'admin' }),
    t.member({ status: 'suspended' }),
    t.member({ status: 'pending' }),
    t.member(),
    t.member({ status: 'pending' }),
  ]);
  const post = await t.caller(tina.token).posts.create({ content: 'A post by Tina' });
  const card = await t.caller(tina.token).comments.add({ postId: post.id, text: 'A comment by Tina' });
  const limited = await t.member();
  await t.sql('update users set limited_at = $1 where id = $2', [epoch, limited.id]);
  await insertRows(t, 'reports', [
    {
      id: 'report-1',
      reporter_id: member.id,
      subject_id: tina.id,
      target_kind: 'post',
      post_id: post.id,
      comment_id: null,
      excerpt: 'A post by Tina',
      reason: 'spam',
      note: '',
      created_at: epoch,
    },
  ]);
  await insertRows(t, 'invites', [
    { code: 'admins-code', created_by: admin.id, created_at: epoch, expires_at: null, max_uses: 5, uses: 0 },
  ]);
  const tokens: Record<Caller, string | undefined> = {
    anonymous: undefined,
    member: member.token,
    moderator: moderator.token,
    admin: admin.token,
    suspended: suspended.token,
    pending: pending.token,
  };
  return { tokens, tina, invitee, suspended, post, commentId: card.latestComments[0]!.id, limited };
}

type World = Awaited<ReturnType<typeof world>>;
type Call = (api: ReturnType<TestApp['caller']>, w: World) => Promise<unknown>;
type Refusal = { code: Exclude<Outcome, 'ok'>; message: string };

const forbidden = (message: string): Refusal => ({ code: 'FORBIDDEN', message });
const members = { member: 'ok', moderator: 'ok', admin: 'ok' } as const;
const moderators = { member: forbidden(messages.moderatorsOnly), moderator: 'ok', admin: 'ok' } as const;
const admins = {
  member: forbidden(messages.adminsOnly),
  moderator: forbidden(messages.adminsOnly),
  admin: 'ok',
} as const;

/** Each procedure, how to call it, and who may: the rest of the callers follow from the account's state. */
type Case = { name: string; call: Call; may: Partial<Record<Caller, 'ok' | Refusal>> };

/** Block, unblock, mute or unmute Tina: any member may. */
const relation = (verb: 'block' | 'unblock' | 'mute' | 'unmute'): Case => ({
  name: `relations.${verb}`,
  call: (api, w) => api.relations[verb]({ username: w.tina.username }),
  may: members,
});

/** A moderator's action on a member of the world: Tina, the invitee who waits, the suspended, the limited. */
const onMember = (
  action: 'approve' | 'suspend' | 'unsuspend' | 'limit' | 'unlimit',
  who: 'tina' | 'invitee' | 'suspended' | 'limited',
): Case => ({
  name: `admin.${action}`,
  call: (api, w) => api.admin[action]({ username: w[who].username }),
  may: moderators,
});

const cases: Case[] = [
  {
    name: 'instance.about',
    call: (api) => api.instance.about(),
    may: { ...members, anonymous: 'ok', suspended: 'ok', pending: 'ok' },
  },
  { name: 'instance.update', call: (api) => api.instance.update({ name: 'Renamed' }), may: admins },
  { name: 'account.me', call: (api) => api.account.me(), may: { ...members, pending: 'ok' } },
  {
    name: 'account.changePassword',
    call: (api) =>
      api.account.changePassword({ currentPassword: factoryPassword, newPassword: 'a-new-password-2' }),
    may: members,
  },
  {
    name: 'account.signOutEverywhere',
    call: (api) => api.account.signOutEverywhere(),
    may: { ...members, pending: 'ok' },
  },
  {
    name: 'account.delete',
    call: (api) => api.account.delete({ password: factoryPassword }),
    may: { ...members, pending: 'ok' },
  },
  { name: 'account.export', call: (api) => api.account.export(), may: members },
  { name: 'invites.list', call: (api) => api.invites.list(), may: members },
  {
    name: 'invites.create',
    call: (api) => api.invites.create({ expiresInDays: 7, maxUses: 1 }),
    may: {
      member: forbidden(messages.invitesAdminsOnly),
      moderator: forbidden(messages.invitesAdminsOnly),
      admin: 'ok',
    },
  },
  // Someone else's code is "not found", as an unknown one is: nobody can probe which codes exist.
  {
    name: 'invites.revoke',
    call: (api) => api.invites.revoke({ code: 'admins-code' }),
    may: {
      member: { code: 'NOT_FOUND', message: messages.inviteNotFound },
      moderator: { code: 'NOT_FOUND', message: messages.inviteNotFound },
      admin: 'ok',
    },
  },
  { name: 'relations.list', call: (api) => api.relations.list(), may: members },
  relation('block'),
  relation('unblock'),
  relation('mute'),
  relation('unmute'),
  {
    name: 'reports.create',
    call: (api, w) =>
      api.reports.create({ target: { kind: 'post', postId: w.post.id }, reason: 'spam', note: '' }),
    may: members,
  },
  { name: 'admin.reports', call: (api) => api.admin.reports({ state: 'open' }), may: moderators },
  {
    name: 'admin.resolveReport (dismiss)',
    call: (api) => api.admin.resolveReport({ reportId: 'report-1', action: 'dismiss', reason: 'not spam' }),
    may: moderators,
  },
  {
    name: 'admin.resolveReport (remove)',
    call: (api) => api.admin.resolveReport({ reportId: 'report-1', action: 'remove' }),
    may: moderators,
  },
  { name: 'admin.members', call: (api) => api.admin.members({ query: '' }), may: moderators },
  {
    name: 'admin.setRole',
    call: (api, w) => api.admin.setRole({ username: w.tina.username, role: 'moderator' }),
    may: admins,
  },
  onMember('approve', 'invitee'),
  onMember('suspend', 'tina'),
  onMember('unsuspend', 'suspended'),
  onMember('limit', 'tina'),
  onMember('unlimit', 'limited'),
  {
    name: 'admin.removeContent (post)',
    call: (api, w) => api.admin.removeContent({ kind: 'post', postId: w.post.id, reason: 'spam' }),
    may: moderators,
  },
  {
    name: 'admin.removeContent (comment)',
    call: (api, w) =>
      api.admin.removeContent({ kind: 'comment', postId: w.post.id, commentId: w.commentId, reason: 'spam' }),
    may: moderators,
  },
  { name: 'admin.log', call: (api) => api.admin.log({}), may: moderators },
  { name: 'admin.storage', call: (api) => api.admin.storage({}), may: admins },
];

/** Who is refused what, whatever the procedure: no token, a suspended account, an account that waits. */
const byState: Record<'anonymous' | 'suspended' | 'pending', Refusal> = {
  anonymous: { code: 'UNAUTHORIZED', message: messages.invalidToken },
  suspended: forbidden(messages.suspended),
  pending: forbidden(messages.pending),
};

const callers: Caller[] = ['anonymous', 'member', 'moderator', 'admin', 'suspended', 'pending'];
const outcomeOf = (may: Case['may'], caller: Caller) => {
  const outcome = may[caller] ?? byState[caller as keyof typeof byState];
  return outcome === 'ok' ? 'ok' : outcome.code;
};

let t: TestApp;
afterEach(() => t?.close());

describe('the authorization matrix of the community procedures', () => {
  for (const { name, call, may } of cases) {
    it(`${name}: ${callers.map((c) => `${c} ${outcomeOf(may, c)}`).join(', ')}`, async () => {
      for (const caller of callers) {
        t = await makeTestApp();
        const w = await world(t);
        const api = t.caller(w.tokens[caller]);
        const expected = may[caller] ?? byState[caller as keyof typeof byState];
        if (expected === 'ok') {
          await expect(call(api, w), `${name} as ${caller}`).resolves.toBeDefined();
        } else {
          const before = await snapshot(t);
          await expect(call(api, w), `${name} as ${caller}`).rejects.toMatchObject(expected);
          expect(await snapshot(t), `${name} as ${caller} changed nothing`).toEqual(before);
        }
        await t.close();
      }
    });
  }
});
