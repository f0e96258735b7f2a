import { describe, expect, it } from 'vitest';
import {
  actsOn,
  auditSentence,
  auditWords,
  memberActions,
  reportActions,
  reportTitle,
  rulesFromText,
  rulesToText,
} from '../../src/client/lib/admin-words.js';
import type { AuditEntryView } from '../../src/server/domain/views.js';

// The words and choices of the admin screens: what a moderator reads and may do.

const entry = (action: AuditEntryView['action'], subject = 'bob', detail = '') => ({
  actor: 'alice',
  action,
  subject,
  detail,
});

describe('an audit log entry reads as a sentence', () => {
  it('for each action on a member', () => {
    expect(auditSentence(entry('suspend'))).toBe('alice suspended bob');
    expect(auditSentence(entry('unsuspend'))).toBe('alice unsuspended bob');
    expect(auditSentence(entry('limit'))).toBe('alice limited bob');
    expect(auditSentence(entry('unlimit'))).toBe('alice lifted the limit on bob');
    expect(auditSentence(entry('approve'))).toBe('alice approved bob');
    expect(auditSentence(entry('dismiss-report'))).toBe('alice dismissed a report about bob');
  });

  it('for removed content, whose start is the detail, shown under the sentence', () => {
    const post = entry('remove-post', 'bob', 'Buy cheap watches');
    expect(auditSentence(post)).toBe('alice removed a post by bob');
    expect(auditWords(post).showDetail).toBe(true);
    expect(auditSentence(entry('remove-comment'))).toBe('alice removed a comment by bob');
    expect(auditSentence(entry('remove-post', ''))).toBe('alice removed a post');
  });

  it('for a role, the new role in the sentence and not again under it', () => {
    const role = entry('set-role', 'bob', 'moderator');
    expect(auditSentence(role)).toBe('alice changed the role of bob to moderator');
    expect(auditWords(role).showDetail).toBe(false);
    // A detail that also names the old role says the new one in the sentence and keeps the rest beneath.
    const both = entry('set-role', 'bob', 'member → moderator');
    expect(auditSentence(both)).toBe('alice changed the role of bob to moderator');
    expect(auditWords(both).showDetail).toBe(true);
    // One in another form is shown as it is, not guessed at.
    const other = entry('set-role', 'bob', 'promoted');
    expect(auditSentence(other)).toBe('alice changed the role of bob');
    expect(auditWords(other).showDetail).toBe(true);
  });

  it('for the instance settings, with no subject', () => {
    const settings = entry('instance-settings', '', 'registration: approval');
    expect(auditSentence(settings)).toBe('alice changed the instance settings');
    expect(auditWords(settings)).toMatchObject({ subject: null, showDetail: true });
    expect(auditWords(entry('suspend')).showDetail).toBe(false);
  });

  it('for the command line as the actor', () => {
    expect(auditSentence({ ...entry('approve'), actor: '(command line)' })).toBe(
      '(command line) approved bob',
    );
  });
});

describe("a member's row offers", () => {
  const labels = (
    viewer: 'member' | 'moderator' | 'admin',
    role: 'member' | 'moderator' | 'admin',
    status: 'active' | 'pending' | 'limited' | 'suspended',
  ) => memberActions(viewer, { role, status }).map((slot) => slot.label);

  it('the actions of its state', () => {
    expect(labels('moderator', 'member', 'pending')).toEqual(['Approve', 'Suspend']);
    expect(labels('moderator', 'member', 'active')).toEqual(['Limit', 'Suspend']);
    expect(labels('moderator', 'member', 'limited')).toEqual(['Unlimit', 'Suspend']);
    expect(labels('moderator', 'member', 'suspended')).toEqual(['Unsuspend']);
  });

  it('only to those above the member, as the server decides', () => {
    expect(labels('moderator', 'moderator', 'active')).toEqual([]);
    expect(labels('moderator', 'admin', 'active')).toEqual([]);
    expect(labels('admin', 'moderator', 'active')).toEqual(['Limit', 'Suspend']);
    expect(labels('admin', 'admin', 'active')).toEqual([]);
    expect(labels('member', 'member', 'active')).toEqual([]);
    expect(actsOn('admin', 'member')).toBe(true);
    expect(actsOn('moderator', 'member')).toBe(true);
  });

  it('the same slot when an action flips, so focus can stay on its button', () => {
    const before = memberActions('admin', { role: 'member', status: 'active' }).map((slot) => slot.slot);
    const after = memberActions('admin', { role: 'member', status: 'suspended' }).map((slot) => slot.slot);
    expect(before).toContain('suspension');
    expect(after).toEqual(['suspension']);
  });
});

describe('a report', () => {
  const subject = (
    role: 'member' | 'moderator' | 'admin',
    status: 'active' | 'limited' | 'suspended' | 'pending',
  ) => ({
    id: 'b',
    username: 'bob',
    firstName: 'Bob',
    lastName: '',
    profilePic: '',
    role,
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    postCount: 1,
    openReports: 1,
  });
  const post = { kind: 'post' as const, postId: 'p1' };
  const actions = (
    report: Parameters<typeof reportActions>[1],
    viewer: 'moderator' | 'admin' = 'moderator',
  ) => reportActions(viewer, report).map((action) => action.action);

  it('is titled by what it is about', () => {
    expect(reportTitle({ target: post, subject: subject('member', 'active') })).toBe('A post by @bob');
    expect(
      reportTitle({
        target: { kind: 'comment', postId: 'p', commentId: 'c' },
        subject: subject('member', 'active'),
      }),
    ).toBe('A comment by @bob');
    expect(reportTitle({ target: { kind: 'member' }, subject: subject('member', 'active') })).toBe(
      'The member @bob',
    );
  });

  it('offers removal only while the content is there', () => {
    expect(actions({ target: post, contentGone: false, subject: subject('member', 'active') })).toEqual([
      'remove',
      'limit',
      'suspend',
      'dismiss',
    ]);
    expect(actions({ target: post, contentGone: true, subject: subject('member', 'active') })).toEqual([
      'limit',
      'suspend',
      'dismiss',
    ]);
    expect(
      actions({ target: { kind: 'member' }, contentGone: false, subject: subject('member', 'active') }),
    ).toEqual(['limit', 'suspend', 'dismiss']);
  });

  it("offers limit and suspend by the member's state and rank", () => {
    expect(actions({ target: post, contentGone: true, subject: subject('member', 'limited') })).toEqual([
      'suspend',
      'dismiss',
    ]);
    expect(actions({ target: post, contentGone: true, subject: subject('member', 'suspended') })).toEqual([
      'dismiss',
    ]);
    expect(actions({ target: post, contentGone: false, subject: subject('moderator', 'active') })).toEqual([
      'remove',
      'dismiss',
    ]);
    expect(
      actions({ target: post, contentGone: false, subject: subject('moderator', 'active') }, 'admin'),
    ).toEqual(['remove', 'limit', 'suspend', 'dismiss']);
  });
});

describe('the rules field', () => {
  it('is one rule a line, trimmed, blank lines dropped', () => {
    expect(rulesFromText('  Be kind \n\nNo spam\r\n   \nNo ads')).toEqual(['Be kind', 'No spam', 'No ads']);
    expect(rulesFromText('')).toEqual([]);
    expect(rulesFromText(rulesToText(['One', 'Two']))).toEqual(['One', 'Two']);
  });
});
