import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { maxEndpointLength } from '../../../shared/push-schemas.js';
import { endpointRefusal } from '../../domain/push-endpoints.js';
import { vapidKeys } from '../../domain/push-subscriptions.js';
import { now } from '../../domain/clock.js';
import { DomainError } from '../../domain/errors.js';
import { tokenFromHeader } from '../../domain/tokens.js';
import type { AppPushPolicy, AppPushRow } from '../../store/store.js';
import { requireMemberGrant } from '../caller.js';
import type { MastodonDeps } from '../deps.js';
import { unprocessable } from '../rule-errors.js';
import { alertTypes, type AlertType } from './alerts.js';
import { seal } from './seal.js';

// Web Push through the Mastodon client API (methods/push.md): an app subscribes its push relay for the
// member its token stands for, one subscription per token, and gets Mastodon's push messages there
// (push/delivery in src/server/push/app-delivery.ts). docs/mastodon-api.md, "Push".

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

const policies = ['all', 'followed', 'follower', 'none'] as const satisfies readonly AppPushPolicy[];

const data = z
  .object({
    alerts: z.partialRecord(z.enum(alertTypes), flag).optional(),
    policy: z.enum(policies, { error: `policy must be one of ${policies.join(', ')}` }).optional(),
  })
  .optional();

// A P-256 public key (65 bytes: 87 characters of base64url) and a 16-byte secret, as browsers and apps
// give them, padded or not.
const key = (name: string, bytes: number) =>
  z
    .string({ error: `subscription[keys][${name}] is missing` })
    .regex(/^[A-Za-z0-9_+/-]+={0,2}$/, { error: `subscription[keys][${name}] is not base64` })
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, {
      error: `subscription[keys][${name}] must be ${bytes} bytes`,
    });

const createBody = z.object({
  subscription: z.object(
    {
      endpoint: z
        .string({ error: 'subscription[endpoint] is missing' })
        .max(maxEndpointLength, `subscription[endpoint] must be at most ${maxEndpointLength} characters`)
        .refine((value) => URL.canParse(value), { error: 'subscription[endpoint] is not a URL' }),
      keys: z.object(
        { p256dh: key('p256dh', 65), auth: key('auth', 16) },
        { error: 'subscription[keys] is missing' },
      ),
      standard: flag.optional(),
    },
    { error: 'subscription is missing' },
  ),
  data,
  // masto.js sends the policy beside `data` as well as in it.
  policy: z.enum(policies).optional(),
});
const updateBody = z.object({ data, policy: z.enum(policies).optional() });

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw unprocessable(`Validation failed: ${result.error.issues[0]!.message}`);
  return result.data;
}

const notFound = () => new DomainError(404, 'Record not found', 'NOT_FOUND');

/** The WebPushSubscription entity (entities/WebPushSubscription.md). */
function entity(row: AppPushRow, serverKey: string) {
  return {
    id: row.tokenId,
    endpoint: row.endpoint,
    standard: row.standard,
    alerts: Object.fromEntries(alertTypes.map((type) => [type, row.alerts.includes(type)])) as Record<
      AlertType,
      boolean
    >,
    policy: row.policy,
    server_key: serverKey,
  };
}

const chosenAlerts = (alerts: Partial<Record<AlertType, boolean>> | undefined) =>
  alertTypes.filter((type) => alerts?.[type] === true);

export async function pushRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const { store } = deps;
  const caller = (request: FastifyRequest) => requireMemberGrant(deps, request, 'push');
  const serverKey = async () => (await vapidKeys(store)).publicKey;

  // Subscribing again replaces the token's subscription, as on Mastodon.
  app.post('/api/v1/push/subscription', async (request) => {
    const { actor, grant } = await caller(request);
    const body = parsed(createBody, request.body);
    const refusal = endpointRefusal(body.subscription.endpoint, deps.allowPrivatePushEndpoints);
    if (refusal) throw unprocessable(`Validation failed: ${refusal}`);
    const token = tokenFromHeader(request.headers.authorization)!;
    const row: AppPushRow = {
      tokenId: grant.tokenId,
      memberId: actor.id,
      endpoint: body.subscription.endpoint,
      p256dh: body.subscription.keys.p256dh,
      auth: body.subscription.keys.auth,
      standard: body.subscription.standard ?? false,
      alerts: chosenAlerts(body.data?.alerts),
      policy: body.data?.policy ?? body.policy ?? 'all',
      sealedToken: seal(deps.pushSealKey, token),
      createdAt: now(),
    };
    await store.write((tx) => tx.push.saveApp(row));
    return entity(row, await serverKey());
  });

  app.get('/api/v1/push/subscription', async (request) => {
    const { grant } = await caller(request);
    const row = await store.read.push.appSubscription(grant.tokenId);
    if (!row) throw notFound();
    return entity(row, await serverKey());
  });

  // Changes what is pushed; the endpoint and keys stay (a new endpoint is a new subscription: POST).
  app.put('/api/v1/push/subscription', async (request) => {
    const { grant } = await caller(request);
    const body = parsed(updateBody, request.body);
    const updated = await store.write(async (tx) => {
      const row = await tx.push.appSubscription(grant.tokenId);
      if (!row) throw notFound();
      const next: AppPushRow = {
        ...row,
        alerts: body.data?.alerts ? chosenAlerts(body.data.alerts) : row.alerts,
        policy: body.data?.policy ?? body.policy ?? row.policy,
      };
      await tx.push.saveApp(next);
      return next;
    });
    return entity(updated, await serverKey());
  });

  app.delete('/api/v1/push/subscription', async (request) => {
    const { grant } = await caller(request);
    await store.write((tx) => tx.push.removeApp(grant.tokenId));
    return {};
  });
}
