import { trpc } from './trpc';
import type { RouterOutputs } from './trpc-types';

export type InstanceAbout = RouterOutputs['instance']['about'];

/** What a screen shows while the instance's details load, or if they cannot be read: an open instance. */
export const defaultInstance: InstanceAbout = {
  demo: false,
  name: 'Realm',
  description: '',
  rules: [],
  registration: 'open',
  invitesByMembers: false,
  visitorsMayRead: false,
  picturesPerPost: 4,
  mailEnabled: false,
  admins: [],
  moderators: [],
};

/** The instance's name, description, rules, registration and staff (instance.about). */
export function useInstance() {
  const about = trpc.instance.about.useQuery(undefined, { staleTime: 5 * 60_000 });
  return { query: about, instance: about.data ?? defaultInstance };
}
