import type { FastifyInstance, FastifyRequest } from 'fastify';
import { instanceSettings } from '../domain/instance-settings.js';
import { DomainError } from '../domain/errors.js';
import { vapidKeys } from '../domain/push-subscriptions.js';
import { originOf, type MastodonDeps } from './deps.js';
import { descriptionHtml, instanceV1, instanceV2, rulesOf, type InstanceFacts } from './instance-document.js';
import type { UsageReader } from './instance-usage.js';

// Discovery: the instance documents apps read before and after signing in (mastodon/documentation
// content/en/methods/instance.md). Anyone may read them; a token sent along is not looked at, as Mastodon's.

export type InstanceDeps = MastodonDeps & {
  usage: UsageReader;
  /** The first admin as an Account entity, null without one. */
  contactAccount(request: FastifyRequest): Promise<unknown>;
};

export async function instanceRoutes(app: FastifyInstance, deps: InstanceDeps) {
  const facts = async (request: FastifyRequest): Promise<InstanceFacts> => {
    const [settings, usage, contact, vapid] = await Promise.all([
      instanceSettings(deps.store, deps.registrationDefault),
      deps.usage(),
      deps.contactAccount(request),
      vapidKeys(deps.store),
    ]);
    const origin = originOf(deps, request);
    return { settings, usage, origin, media: deps.media, contact, vapidPublicKey: vapid.publicKey };
  };

  app.get('/api/v2/instance', async (request) => instanceV2(await facts(request)));
  app.get('/api/v1/instance', async (request) => instanceV1(await facts(request)));
  app.get('/api/v1/instance/rules', async () =>
    rulesOf(await instanceSettings(deps.store, deps.registrationDefault)),
  );
  app.get('/api/v1/instance/extended_description', async () => {
    const settings = await instanceSettings(deps.store, deps.registrationDefault);
    // Realm does not record when the description changed.
    return { updated_at: new Date(0).toISOString(), content: descriptionHtml(settings) };
  });
  // Realm does not federate: it knows no other server and blocks none.
  app.get('/api/v1/instance/peers', async () => []);
  app.get('/api/v1/instance/domain_blocks', async () => []);
  app.get('/api/v1/instance/translation_languages', async () => ({}));
  // Mastodon answers 404 here when its weekly activity is not published; Realm counts no sign-ins to publish.
  app.get('/api/v1/instance/activity', async () => {
    throw new DomainError(404, 'Record not found', 'NOT_FOUND');
  });
  app.get('/api/v1/custom_emojis', async () => []);
}
