import { afterEach, describe, expect, it } from 'vitest';
import { version } from '../../../src/server/version.js';
import { z } from 'zod';
import {
  expectEntity,
  instance,
  instanceV1,
  nodeInfo20,
  nodeInfo21,
  nodeInfoLinks,
  rule,
} from '../../mastodon/entities/index.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// Discovery: NodeInfo and Mastodon's instance documents, read by anyone (docs/mastodon-api.md, "Discovery").
// Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { host: 'realm.example', ...headers } });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};

const setting = (key: string, value: unknown) =>
  t.store.write((tx) => tx.instance.set(key, JSON.stringify(value)));

async function post(token: string, content: string) {
  await t.caller(token).posts.create({ content });
}

describe('NodeInfo', () => {
  it('links schemas 2.0 and 2.1 from /.well-known/nodeinfo, at the origin asked', async () => {
    t = await makeTestApp();
    const { status, body } = await get('/.well-known/nodeinfo');
    expect(status).toBe(200);
    expectEntity(nodeInfoLinks, body);
    expect(body).toEqual({
      links: [
        { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: 'http://realm.example/nodeinfo/2.0' },
        { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: 'http://realm.example/nodeinfo/2.1' },
      ],
    });
  });

  it('counts active members, posts, and the members who posted lately; names the software and the node', async () => {
    t = await makeTestApp();
    const a = await t.member();
    await t.member();
    await t.member({ status: 'suspended' });
    await post(a.token, 'one');
    await post(a.token, 'two');
    await setting('name', 'Valley Garden');
    for (const schema of ['2.0', '2.1']) {
      const { status, body, headers } = await get(`/nodeinfo/${schema}`);
      expect(status).toBe(200);
      // NodeInfo's schemas ask for one protocol at least; Realm speaks none yet (docs/mastodon-api.md,
      // "Discovery"), so that one attribute is held to the rest of the schema but may be empty.
      const schemaOf = schema === '2.0' ? nodeInfo20 : nodeInfo21;
      expectEntity(schemaOf.extend({ protocols: z.array(z.never()) }), body, `NodeInfo ${schema}`);
      expect(headers['content-type']).toContain(
        `profile="http://nodeinfo.diaspora.software/ns/schema/${schema}#"`,
      );
      expect(body).toEqual({
        version: schema,
        software: { name: 'realm', version },
        protocols: [],
        services: { inbound: [], outbound: [] },
        openRegistrations: true,
        usage: { users: { total: 2, activeMonth: 1, activeHalfyear: 1 }, localPosts: 2 },
        metadata: {
          nodeName: 'Valley Garden',
          nodeDescription: '',
          upstream: { name: 'mastodon', version: '4.3.0' },
        },
      });
    }
  });

  it('says registrations are not open unless the mode is open', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    expect((await get('/nodeinfo/2.0')).body.openRegistrations).toBe(false);
  });
});

describe('GET /api/v2/instance', () => {
  it("answers Mastodon's Instance with Realm's settings, limits and registration mode", async () => {
    t = await makeTestApp({
      config: { registration: 'approval' },
      media: { perPost: 3, maxBytes: 8_000_000 },
    });
    await setting('name', 'Valley Garden');
    await setting('description', 'Gardeners <of> the valley');
    await setting('rules', ['Be kind', 'No spam']);
    const { status, body } = await get('/api/v2/instance');
    expect(status).toBe(200);
    expectEntity(instance, body);
    expect(body).toMatchObject({
      domain: 'realm.example',
      title: 'Valley Garden',
      version: `4.3.0 (compatible; Realm ${version})`,
      description: 'Gardeners <of> the valley',
      usage: { users: { active_month: 0 } },
      thumbnail: { url: 'http://realm.example/icons/icon-512.png' },
      languages: ['en'],
      configuration: {
        urls: { streaming: 'ws://realm.example' },
        statuses: { max_characters: 500, max_media_attachments: 3, characters_reserved_per_url: 23 },
        media_attachments: {
          image_size_limit: 8_000_000,
          image_matrix_limit: 40_000_000,
          video_size_limit: 0,
        },
        polls: { max_options: 0 },
        accounts: { max_featured_tags: 0 },
      },
      registrations: { enabled: true, approval_required: true, message: null },
      api_versions: { mastodon: 2 },
      contact: { account: null },
      rules: [
        { id: '1', text: 'Be kind', hint: '', translations: {} },
        { id: '2', text: 'No spam', hint: '', translations: {} },
      ],
    });
    expect(body.configuration.media_attachments.supported_mime_types).toContain('image/jpeg');
  });

  it('writes wss:// where the instance is https, and a closed instance says so as HTML', async () => {
    t = await makeTestApp({ config: { publicOrigin: 'https://social.example' } });
    await setting('registration', 'closed');
    const { body } = await get('/api/v2/instance');
    expect(body.domain).toBe('social.example');
    expect(body.configuration.urls.streaming).toBe('wss://social.example');
    expect(body.registrations).toMatchObject({
      enabled: false,
      message: '<p>Registration is closed on this instance.</p>',
    });
  });

  it('names the first admin as the contact account, in v1 and v2', async () => {
    t = await makeTestApp();
    const admin = await t.member({ role: 'admin', username: 'firstadmin' });
    await t.member({ role: 'admin' });
    const v2 = (await get('/api/v2/instance')).body;
    expect(v2.contact.account).toMatchObject({ id: admin.id, acct: 'firstadmin' });
    expectEntity(instance, v2);
    expect((await get('/api/v1/instance')).body.contact_account).toMatchObject({ id: admin.id });
  });

  it('ignores a token sent along, even one that is no token', async () => {
    t = await makeTestApp();
    expect((await get('/api/v2/instance', { authorization: 'Bearer nonsense' })).status).toBe(200);
  });
});

describe('GET /api/v1/instance', () => {
  it('answers the V1 Instance: stats, streaming_api, registrations as booleans, rules, escaped HTML', async () => {
    t = await makeTestApp({ config: { registration: 'invite' } });
    const a = await t.member();
    await post(a.token, 'hello');
    await setting('description', 'A & B');
    await setting('rules', ['Be kind']);
    const { status, body } = await get('/api/v1/instance');
    expect(status).toBe(200);
    expectEntity(instanceV1, body);
    expect(body).toMatchObject({
      uri: 'realm.example',
      title: 'Realm',
      short_description: 'A & B',
      description: '<p>A &#38; B</p>',
      version: `4.3.0 (compatible; Realm ${version})`,
      urls: { streaming_api: 'ws://realm.example' },
      stats: { user_count: 1, status_count: 1, domain_count: 0 },
      registrations: false,
      approval_required: false,
      invites_enabled: true,
      configuration: { statuses: { max_characters: 500, max_media_attachments: 4 } },
      contact_account: null,
      rules: [{ id: '1', text: 'Be kind' }],
    });
  });
});

describe('the other discovery endpoints', () => {
  it('rules, peers, custom emojis, extended description; activity is 404 as when Mastodon hides it', async () => {
    t = await makeTestApp();
    await setting('rules', ['Be kind']);
    await setting('description', 'Hi <there>');
    expect((await get('/api/v1/instance/rules')).body).toEqual([
      { id: '1', text: 'Be kind', hint: '', translations: {} },
    ]);
    expect((await get('/api/v1/instance/peers')).body).toEqual([]);
    expectEntity(z.array(rule), (await get('/api/v1/instance/rules')).body);
    expect((await get('/api/v1/custom_emojis')).body).toEqual([]);
    expect((await get('/api/v1/instance/extended_description')).body).toMatchObject({
      content: '<p>Hi &#60;there&#62;</p>',
    });
    expect(await get('/api/v1/instance/activity')).toMatchObject({
      status: 404,
      body: { error: 'Record not found' },
    });
  });
});
