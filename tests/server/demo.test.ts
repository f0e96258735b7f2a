import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoCredentials, demoHandle } from '../../src/shared/demo.js';
import type { SqliteStore } from '../../src/server/store/sqlite/index.js';
import { prepareDatabase } from '../../src/server/start.js';
import { createContext } from '../../src/server/trpc/context.js';
import { createCaller } from '../../src/server/trpc/root.js';
import { factorKeys } from '../../src/server/domain/second-factor.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { testConfig, testSecret } from '../helpers/test-app.js';
import { session } from '../helpers/session.js';

let store: SqliteStore | undefined;
afterEach(() => store?.close());

async function start(demo: boolean, file = join(mkdtempSync(join(tmpdir(), 'realm-demo-')), 'realm.db')) {
  await store?.close();
  store = (await prepareDatabase({ ...testConfig, dbPath: file, demo })).store as SqliteStore;
  return {
    file,
    caller: createCaller(
      createContext(
        { store, keys: createTokenKeys(testSecret), factors: factorKeys(testSecret) },
        { authorization: undefined },
      ),
    ),
  };
}

describe('demo content (docs/self-hosting.md: a real instance starts empty)', () => {
  it('is absent from an instance started without --demo, and the login page is told so', async () => {
    const { caller } = await start(false);
    expect(await caller.instance.about()).toMatchObject({ demo: false });
    await expect(caller.auth.login(demoCredentials)).rejects.toThrow();
  });

  it('is loaded by --demo into an instance first started without it, and only once', async () => {
    const { file } = await start(false);
    const first = await start(true, file);
    expect(await first.caller.instance.about()).toMatchObject({ demo: true });
    expect(session(await first.caller.auth.login(demoCredentials)).user.username).toBe(demoHandle);
    const rows = () => store!.db.$client.prepare('select count(*) as n from posts').get() as { n: number };
    const posts = rows().n;
    await start(true, file);
    expect(rows().n).toBe(posts);
  });
});
