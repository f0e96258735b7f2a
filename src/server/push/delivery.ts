import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationMode } from '../../shared/community-schemas.js';
import { instanceSettings } from '../domain/instance-settings.js';
import { pushMessage } from '../domain/push-message.js';
import { vapidKeys } from '../domain/push-subscriptions.js';
import type { PushIntent, Store } from '../store/store.js';
import { appMessage, appPayload, appTargets } from '../mastodon/push/deliver.js';
import type { SealKey } from '../mastodon/push/seal.js';
import { defaultPushTimeouts, sendPush, type PushTarget, type PushTimeouts } from './send.js';
import { sendQueue, type SendQueueOptions } from './send-queue.js';

// Web Push off the request path (docs/decisions/0006-web-push.md): each committed write hands this
// process the pushes it queued (store.onPush); a few are read at a time into one request per subscription,
// and those are sent a few at a time, a few to each push service, each bounded in time (send-queue.ts,
// send.ts); a push service that says the subscription is gone (404, 410) has it deleted. Nothing waits for a
// push: a slow push service slows no request and no other service's pushes, and a push lost to a restart is
// a notification the app still shows.

export type PushDeliveryOptions = {
  store: Store;
  log: FastifyBaseLogger;
  /** Opens the tokens apps' push subscriptions keep (mastodon/push/seal.ts). */
  sealKey: SealKey;
  /** REALM_PUBLIC_URL: the origin of the pictures an app's push names ('' leaves them as paths). */
  publicOrigin: string | undefined;
  contact: string | undefined;
  allowPrivateEndpoints: boolean;
  registrationDefault: RegistrationMode;
  /** Notifications read into requests at once, at most (database reads only). */
  concurrency?: number;
  /** Requests sent at once, in all and to one push service (docs/security.md, Web Push). */
  sending?: Partial<Pick<SendQueueOptions, 'running' | 'perService'>>;
  /** How long one push service may take to connect, to start its answer and in all. */
  timeouts?: Partial<PushTimeouts>;
  /** Notifications and requests waiting, at most; beyond it new ones are dropped (and logged). */
  maxQueued?: number;
};

/** Requests at once: in all, and to one push service, so that two slow services leave most for the rest. */
export const defaultPushSending = { running: 8, perService: 2 };

/** Used when REALM_PUSH_CONTACT is unset: a valid subject that reaches nobody (docs/configuration.md). */
export const defaultPushContact = 'mailto:push@realm.invalid';

export type PushDelivery = { close(): Promise<void> };

export function startPushDelivery(options: PushDeliveryOptions): PushDelivery {
  const { store, log, concurrency = 4, maxQueued = 10_000 } = options;
  const timeouts = { ...defaultPushTimeouts, ...options.timeouts };
  const sends = sendQueue({ ...defaultPushSending, ...options.sending, waiting: maxQueued });
  const queue: PushIntent[] = [];
  let running = 0;
  let dropped = 0;
  let closed = false;
  const settled = new Set<() => void>();

  const stop = store.onPush((intents) => {
    for (const intent of intents) {
      if (queue.length >= maxQueued) dropped++;
      else queue.push(intent);
    }
    if (dropped > 0) {
      log.warn({ dropped }, 'push queue full: pushes dropped');
      dropped = 0;
    }
    pump();
  });

  function pump() {
    while (!closed && running < concurrency && queue.length > 0) {
      const intent = queue.shift()!;
      running++;
      deliver(intent)
        .catch((error: unknown) => log.error({ err: error, kind: intent.kind }, 'push delivery failed'))
        .finally(() => {
          running--;
          if (running === 0) for (const done of settled) done();
          pump();
        });
    }
  }

  async function deliver(intent: PushIntent) {
    const [targets, apps] = await Promise.all([
      store.read.push.targets(intent.recipientId, intent.kind),
      appTargets(store, intent),
    ]);
    if (targets.length === 0 && apps.length === 0) return;
    const sender = await store.read.push.sender(intent.actorId);
    if (!sender) return; // the actor's account is gone already
    const [settings, vapid] = await Promise.all([
      instanceSettings(store, options.registrationDefault),
      vapidKeys(store),
    ]);
    const message = pushMessage(intent, sender, settings.name);
    const sendOptions = {
      vapid,
      contact: options.contact ?? defaultPushContact,
      allowPrivateEndpoints: options.allowPrivateEndpoints,
      timeouts,
    };
    for (const target of targets) {
      send(target, async () => {
        const status = await sendPush(target, message, sendOptions);
        await settle(target, status, () => store.write((tx) => tx.push.remove(target.endpoint, null)));
      });
    }
    // Apps' subscriptions through the Mastodon client API, each with Mastodon's message and encoding.
    const appOptions = { origin: options.publicOrigin ?? '', instanceName: settings.name };
    const appText = apps.length > 0 ? await appMessage(store, appOptions, intent, sender) : null;
    for (const target of apps) {
      if (!appText) break;
      send(target, async () => {
        // The token is opened only as its request is written, not kept open while it waits its turn.
        const payload = appPayload(options.sealKey, appText, target);
        if (!payload) return;
        const status = await sendPush(target, payload, sendOptions, target.standard ? 'aes128gcm' : 'aesgcm');
        await settle(target, status, () => store.write((tx) => tx.push.removeAppEndpoint(target.endpoint)));
      });
    }
  }

  /** Queues one subscription's request in its push service's line. */
  function send(target: PushTarget, request: () => Promise<void>) {
    const service = new URL(target.endpoint).host;
    const queued = sends.add(service, () =>
      request().catch((error: unknown) => log.error({ err: error, service }, 'push delivery failed')),
    );
    if (!queued) log.warn({ service }, 'push queue full: push dropped');
  }

  /** A push service that says the subscription is gone (404, 410) has it removed; other refusals are logged. */
  async function settle(target: PushTarget, status: number, remove: () => Promise<unknown>) {
    // The push service's host only: the endpoint's path identifies the device, its keys are secret.
    const service = new URL(target.endpoint).host;
    if (status === 404 || status === 410) {
      await remove();
      log.info({ service, status }, 'push subscription expired: removed');
    } else if (status < 200 || status >= 300) {
      log.warn({ service, status }, 'push not accepted');
    }
  }

  return {
    async close() {
      stop();
      closed = true;
      queue.length = 0;
      // Pushes on their way finish (each bounded by its deadline) before the database closes under them.
      if (running > 0) await new Promise<void>((resolve) => settled.add(resolve));
      await sends.close();
    },
  };
}
