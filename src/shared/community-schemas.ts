import { z } from 'zod';
import { limits } from './limits.js';
import {
  cursor,
  email,
  handle,
  id,
  lookupUsername,
  newPassword,
  optionalText,
  signupInput,
  text,
  withoutInvisible,
} from './schemas.js';

// The inputs of roles, registration, block and mute, reports, moderation and account settings
// (docs/decisions/0004-community-moderation.md). Forms and the server validate with the same schemas.

export const registrationModes = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof registrationModes)[number];
export const registrationMode = z.enum(registrationModes, {
  error: 'Registration must be open, approval, invite or closed.',
});

export const reportReasons = ['spam', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What a moderator does about a report: remove the content, limit or suspend its member, or nothing. */
export const reportActions = ['remove', 'limit', 'suspend', 'dismiss'] as const;
export type ReportAction = (typeof reportActions)[number];

export const roleInput = z.enum(['member', 'moderator', 'admin'], {
  error: 'The role must be member, moderator or admin.',
});

export const memberStatusInput = z.enum(['active', 'pending', 'limited', 'suspended'], {
  error: 'The status must be active, pending, limited or suspended.',
});

const password = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(1000, 'Password must be at most 1000 characters.');

/** A moderator's reason, written into the audit log. */
export const reason = optionalText('Reason', limits.reasonMax).default('');

export const instanceSettingsInput = z.object({
  name: withoutInvisible(text('Instance name', limits.instanceNameMax), 'Instance name').optional(),
  description: optionalText('Description', limits.instanceDescriptionMax).optional(),
  /** One rule per entry, in order; blank entries are dropped. */
  rules: z
    .array(optionalText('A rule', limits.instanceRuleMax), { error: 'Rules must be a list of texts.' })
    .max(limits.instanceRulesMax, `At most ${limits.instanceRulesMax} rules.`)
    .transform((rules) => rules.filter((rule) => rule !== ''))
    .optional(),
  registration: registrationMode.optional(),
  /** Whether members (not only admins) may create invite codes. */
  invitesByMembers: z.boolean({ error: 'invitesByMembers must be true or false.' }).optional(),
  /** Whether someone signed out may read public profiles and posts (off, as the original). */
  visitorsMayRead: z.boolean({ error: 'visitorsMayRead must be true or false.' }).optional(),
});
export type InstanceSettingsInput = z.infer<typeof instanceSettingsInput>;

export const inviteCode = z
  .string({ error: 'An invite code must be text.' })
  .trim()
  .min(1, 'An invite code is required.')
  .max(64, 'An invite code is at most 64 characters.');

/**
 * Signup with the invite code registration "invite" needs. A blank code counts as none, so a form may always
 * send its field.
 */
export const signupWithInviteInput = signupInput.extend({
  inviteCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    inviteCode.optional(),
  ),
});

/** The web app's signup: a handle, the public name, apart from an email, private. */
export const handleSignupInput = signupWithInviteInput.extend({ username: handle, email });
export type HandleSignupInput = z.infer<typeof handleSignupInput>;

/** Whether a handle may be signed up with, asked as it is typed. */
export const handleAvailableInput = z.object({
  handle: z.string({ error: 'Handle must be text.' }).max(200, 'Handle must be at most 200 characters.'),
});

export const createInviteInput = z.object({
  /** Days until it expires: 1, 7 or 30; null never. */
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.null()], {
      error: 'An invite expires in 1, 7 or 30 days, or never.',
    })
    .default(7),
  /** How many signups it allows; null any number. */
  maxUses: z
    .number({ error: `Uses must be a whole number from 1 to ${limits.inviteUsesMax}.` })
    .int(`Uses must be a whole number from 1 to ${limits.inviteUsesMax}.`)
    .min(1, `Uses must be a whole number from 1 to ${limits.inviteUsesMax}.`)
    .max(limits.inviteUsesMax, `Uses must be a whole number from 1 to ${limits.inviteUsesMax}.`)
    .nullable()
    .default(1),
});

export const usernameInput = z.object({ username: lookupUsername });

export const changePasswordInput = z.object({ currentPassword: password, newPassword });
export const deleteAccountInput = z.object({ password });

export const reportTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('post'), postId: id }),
    z.object({ kind: z.literal('comment'), postId: id, commentId: id }),
    z.object({ kind: z.literal('member'), username: lookupUsername }),
  ],
  { error: 'A report is about a post, a comment or a member.' },
);
export type ReportTarget = z.infer<typeof reportTarget>;

export const createReportInput = z.object({
  target: reportTarget,
  reason: z.enum(reportReasons, { error: 'The reason must be spam, harassment, illegal or other.' }),
  note: optionalText('Note', limits.reportNoteMax).default(''),
});

export const reportsPageInput = z.object({
  state: z.enum(['open', 'resolved'], { error: 'Reports are open or resolved.' }).default('open'),
  cursor,
});

export const resolveReportInput = z.object({
  reportId: id,
  action: z.enum(reportActions, { error: 'The action must be remove, limit, suspend or dismiss.' }),
  reason,
});

export const membersPageInput = z.object({
  /** Matches the start of usernames, without regard to case; empty for everyone. */
  query: optionalText('Search', 64).default(''),
  status: memberStatusInput.optional(),
  cursor,
});

export const moderateMemberInput = z.object({ username: lookupUsername, reason });
export const setRoleInput = z.object({ username: lookupUsername, role: roleInput, reason });
export const removeContentInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('post'), postId: id, reason }),
    z.object({ kind: z.literal('comment'), postId: id, commentId: id, reason }),
  ],
  { error: 'What is removed is a post or a comment.' },
);
export const auditPageInput = z.object({ cursor });
/** The storage pictures take (/admin/storage): how many of the heaviest members to list. */
export const storageUsageInput = z
  .object({ top: z.number().int().min(1).max(100).default(10) })
  .default({ top: 10 });
export type CreateReportInput = z.infer<typeof createReportInput>;
