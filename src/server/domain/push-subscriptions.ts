import webpush from 'web-push';
import { pushKinds, type PushKindChoice, type PushSubscribeInput } from '../../shared/push-schemas.js';
import type { NotificationKind, Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest } from './errors.js';
import { endpointRefusal } from './push-endpoints.js';

// Web Push on a member's devices (docs/decisions/0006-web-push.md): the instance's VAPID key pair, and
// each browser's subscription with the kinds of notification its member wants there.

/** Devices one member may have notifications on; subscribing one more forgets their oldest. */
export const maxDevicesPerMember = 10;

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The instance's VAPID key pair: made once, on first use, and kept in the database (instance_secrets on
 * both engines) so that every subscription made with its public key stays valid across restarts and nodes.
 */
export async function vapidKeys(store: Store): Promise<VapidKeys> {
  const kept = await store.secret('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(kept) as VapidKeys;
}

const chosen = (kinds: PushKindChoice): NotificationKind[] => pushKinds.filter((kind) => kinds[kind]);
const choice = (kinds: NotificationKind[]): PushKindChoice =>
  Object.fromEntries(pushKinds.map((kind) => [kind, kinds.includes(kind)])) as PushKindChoice;

/**
 * Turns notifications on for this browser (or changes its kinds): the subscription becomes the member's,
 * replacing whoever held it before (one browser profile, one member). Beyond `maxDevicesPerMember` the
 * member's oldest subscription goes.
 */
export async function subscribe(
  store: Store,
  actor: Actor,
  input: PushSubscribeInput,
  options: { allowPrivateEndpoints: boolean },
): Promise<{ kinds: PushKindChoice }> {
  const refusal = endpointRefusal(input.endpoint, options.allowPrivateEndpoints);
  if (refusal) throw badRequest(refusal);
  const kinds = chosen(input.kinds);
  await store.write(async (tx) => {
    await tx.push.save({
      endpoint: input.endpoint,
      memberId: actor.id,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      kinds,
      createdAt: now(),
    });
    const others = (await tx.push.subscriptions(actor.id)).filter((row) => row.endpoint !== input.endpoint);
    const excess = Math.max(0, others.length - (maxDevicesPerMember - 1));
    for (const row of others.slice(0, excess)) await tx.push.remove(row.endpoint, actor.id);
  });
  return { kinds: choice(kinds) };
}

/** Turns notifications off for this browser: its subscription goes, if it is the member's. */
export async function unsubscribe(
  store: Store,
  actor: Actor,
  endpoint: string,
): Promise<{ removed: boolean }> {
  return { removed: await store.write((tx) => tx.push.remove(endpoint, actor.id)) };
}

/** What this browser's subscription sends, when it is the member's; null when it is unknown here. */
export async function device(
  store: Store,
  actor: Actor,
  endpoint: string,
): Promise<{ kinds: PushKindChoice } | null> {
  const row = await store.read.push.byEndpoint(endpoint);
  return row && row.memberId === actor.id ? { kinds: choice(row.kinds) } : null;
}
