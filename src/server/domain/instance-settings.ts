import type { InstanceSettingsInput, RegistrationMode } from '../../shared/community-schemas.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notBuilt } from './not-built.js';
import type { InstanceAbout } from './views.js';

/** The instance's settings as stored, with REALM_REGISTRATION's default for registration. */
export type InstanceSettings = {
  name: string;
  description: string;
  rules: string[];
  registration: RegistrationMode;
  invitesByMembers: boolean;
};

export async function instanceSettings(_store: Store): Promise<InstanceSettings> {
  return notBuilt('instanceSettings');
}
export async function aboutInstance(_store: Store): Promise<InstanceAbout> {
  return notBuilt('aboutInstance');
}
/** Admins only; audited as 'instance-settings'. Answers the settings as they now are. */
export async function updateInstance(
  _store: Store,
  _actor: Actor,
  _input: InstanceSettingsInput,
): Promise<InstanceAbout> {
  return notBuilt('updateInstance');
}
