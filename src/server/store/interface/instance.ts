import type { PublicUser } from '../../../shared/public-user.js';

/** The instance's settings and its staff. */
export type InstanceReads = {
  /** Every stored setting, by key, each value JSON text (domain/instance-settings.ts reads them). */
  settings(): Promise<Record<string, string>>;
  /** The members of this role, longest-serving first, at most `limit` (the index on role). */
  staff(role: 'admin' | 'moderator', limit: number): Promise<PublicUser[]>;
};

export type InstanceWrites = {
  /** Makes `value` (JSON text) the setting's value. */
  set(key: string, value: string): Promise<void>;
};
