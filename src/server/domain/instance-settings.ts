import {
  registrationMode,
  type InstanceSettingsInput,
  type RegistrationMode,
} from '../../shared/community-schemas.js';
import { demoMemberId } from '../../shared/demo.js';
import type { Reads, Store } from '../store/store.js';
import { recordAudit } from './audit.js';
import type { Actor } from './auth.js';
import { requireRole } from './roles.js';
import type { InstanceAbout } from './views.js';

/** The instance's settings as stored, with REALM_REGISTRATION's default for registration. */
export type InstanceSettings = {
  name: string;
  description: string;
  rules: string[];
  registration: RegistrationMode;
  invitesByMembers: boolean;
  /** Whether someone signed out may read posts, profiles, tags and explore, and links unfurl (page-meta.ts). */
  visitorsMayRead: boolean;
};

/** How many admins and how many moderators /about lists at most. */
const staffShown = 50;

const defaults = (registration: RegistrationMode): InstanceSettings => ({
  name: 'Realm',
  description: '',
  rules: [],
  registration,
  invitesByMembers: false,
  visitorsMayRead: false,
});

// Each setting is a row whose value is JSON; one that does not read as its kind (written by a later version,
// or by hand) counts as unset rather than breaking the instance.
const readers: { [K in keyof InstanceSettings]: (value: unknown) => InstanceSettings[K] | undefined } = {
  name: (value) => (typeof value === 'string' && value !== '' ? value : undefined),
  description: (value) => (typeof value === 'string' ? value : undefined),
  rules: (value) =>
    Array.isArray(value) && value.every((rule) => typeof rule === 'string') ? value : undefined,
  registration: (value) => registrationMode.safeParse(value).data,
  invitesByMembers: (value) => (typeof value === 'boolean' ? value : undefined),
  visitorsMayRead: (value) => (typeof value === 'boolean' ? value : undefined),
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The settings in `rows` over the defaults: one read of the settings table. */
async function settingsFrom(read: Pick<Reads, 'instance'>, registrationDefault: RegistrationMode) {
  const rows = await read.instance.settings();
  const settings: Record<string, unknown> = defaults(registrationDefault);
  for (const [key, reader] of Object.entries(readers)) {
    const stored = rows[key];
    const value = stored === undefined ? undefined : reader(parseJson(stored));
    if (value !== undefined) settings[key] = value;
  }
  return settings as InstanceSettings;
}

/** The instance's settings; `registrationDefault` (REALM_REGISTRATION) until an admin sets registration. */
export function instanceSettings(
  store: Store,
  registrationDefault: RegistrationMode,
): Promise<InstanceSettings> {
  return settingsFrom(store.read, registrationDefault);
}

/**
 * Whether the demo member of "Add Test Credentials" exists: the demo has been loaded on this instance (start.ts
 * loads it with --demo when missing).
 */
export function hasDemoMember(store: Store): Promise<boolean> {
  return store.read.members.exists(demoMemberId);
}

/** What the instance's configuration adds to its settings in what anyone may read. */
export type AboutConfig = {
  /** REALM_REGISTRATION: registration until an admin sets it. */
  registrationDefault: RegistrationMode;
  /** REALM_MEDIA_PER_POST. */
  picturesPerPost: number;
  /** Whether REALM_SMTP_URL is set. */
  mailEnabled: boolean;
};

/**
 * What anyone may read: the settings, the admins and moderators, whether the demo member exists, and whether
 * the instance sends mail.
 */
export async function aboutInstance(
  store: Store,
  { registrationDefault, picturesPerPost, mailEnabled }: AboutConfig,
): Promise<InstanceAbout> {
  const [settings, admins, moderators, demo] = await Promise.all([
    instanceSettings(store, registrationDefault),
    store.read.instance.staff('admin', staffShown),
    store.read.instance.staff('moderator', staffShown),
    hasDemoMember(store),
  ]);
  return { demo, ...settings, picturesPerPost, mailEnabled, admins, moderators };
}

const onOff = (value: boolean) => (value ? 'on' : 'off');
const quoted = (text: string) => JSON.stringify(text);

/** What changed, in words, for the audit log. */
function describeChanges(before: InstanceSettings, after: InstanceSettings): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name ${quoted(before.name)} → ${quoted(after.name)}`);
  if (before.description !== after.description) changes.push('description changed');
  if (JSON.stringify(before.rules) !== JSON.stringify(after.rules)) {
    changes.push(`rules changed (${after.rules.length} ${after.rules.length === 1 ? 'rule' : 'rules'})`);
  }
  if (before.registration !== after.registration) {
    changes.push(`registration ${before.registration} → ${after.registration}`);
  }
  if (before.invitesByMembers !== after.invitesByMembers) {
    changes.push(`invites by members ${onOff(before.invitesByMembers)} → ${onOff(after.invitesByMembers)}`);
  }
  if (before.visitorsMayRead !== after.visitorsMayRead) {
    changes.push(`visitors may read ${onOff(before.visitorsMayRead)} → ${onOff(after.visitorsMayRead)}`);
  }
  return changes;
}

/**
 * Admins only; writes the settings given and no other, with one audit entry 'instance-settings' saying what
 * changed (none when nothing did), in the same transaction. Answers the settings as they now are.
 */
export async function updateInstance(
  store: Store,
  actor: Actor,
  input: InstanceSettingsInput,
  config: AboutConfig,
): Promise<InstanceAbout> {
  requireRole(actor, 'admin');
  await store.write(async (tx) => {
    const before = await settingsFrom(tx, config.registrationDefault);
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const after: InstanceSettings = { ...before, ...given };
    // Every given setting is stored, even one equal to its default: registration set by an admin stays as
    // they set it when REALM_REGISTRATION changes.
    for (const key of Object.keys(given)) await tx.instance.set(key, JSON.stringify(given[key]));
    const changes = describeChanges(before, after);
    if (changes.length > 0) {
      await recordAudit(tx, actor, { action: 'instance-settings', detail: changes.join('; ') });
    }
  });
  return aboutInstance(store, config);
}
