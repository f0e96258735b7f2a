import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cases, completed, composedCases, type Case } from './documentation-cases.js';
import * as entity from './entities/index.js';
import nodeinfo from './fixtures/nodeinfo-examples.json' with { type: 'json' };

// The entity schemas hold Mastodon's documentation to its word: its examples pass, and each attribute it
// documents as always present is refused when missing.

/** `a.b[3].c` with every array index as `[*]`, deduplicated: the shape of a refusal, not its count. */
const refusals = (schema: z.ZodType, value: unknown) => [
  ...new Set(entity.refusedPaths(schema, value).map((path) => path.replace(/\[\d+\]/g, '[*]'))),
];
const expectedGaps = (c: Case) => [
  ...new Set(Object.keys(c.gaps ?? {}).map((p) => p.replace(/\[\d+\]/g, '[*]'))),
];

/** The keys of an object schema that must be present (undefined is refused). */
function requiredKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  return Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success);
}

describe.each([...cases, ...composedCases()])('$name', (c) => {
  it('refuses the documentation example only where it leaves out a documented attribute', () => {
    expect(refusals(c.schema, c.example).sort()).toEqual(expectedGaps(c).sort());
  });

  it('accepts the documentation example', () => {
    expect(entity.refusedPaths(c.schema, completed(c))).toEqual([]);
  });

  it('refuses it with any required attribute removed, naming that attribute', () => {
    const full = completed(c) as Record<string, unknown>;
    const required = requiredKeys(c.schema);
    expect(required.length).toBeGreaterThan(0);
    for (const key of required) {
      const { [key]: _removed, ...rest } = full;
      expect(entity.refusedPaths(c.schema, rest), key).toContain(key);
    }
  });
});

describe('entity details the examples do not show', () => {
  const status = completed(cases.find((c) => c.name === 'Status')!) as Record<string, unknown>;

  it('takes ids as strings only, and dates as ISO 8601', () => {
    expect(entity.refusedPaths(entity.status, { ...status, id: 1032701158 })).toEqual(['id']);
    expect(
      entity.refusedPaths(entity.status, { ...status, created_at: 'Sun, 08 Dec 2019 03:48:33 GMT' }),
    ).toEqual(['created_at']);
    expect(entity.refusedPaths(entity.status, { ...status, in_reply_to_id: undefined })).toEqual([
      'in_reply_to_id',
    ]);
  });

  it('takes a reblog and a quote as statuses, shallow or full, and extra attributes as they come', () => {
    const quoted = { state: 'accepted', quoted_status: status };
    expect(entity.refusedPaths(entity.status, { ...status, reblog: { ...status, quote: quoted } })).toEqual(
      [],
    );
    expect(
      entity.refusedPaths(entity.status, { ...status, quote: { state: 'accepted', quoted_status_id: '1' } }),
    ).toEqual([]);
    expect(entity.refusedPaths(entity.status, { ...status, reblog: { id: '1' } })).toContain('reblog.uri');
    expect(entity.refusedPaths(entity.status, { ...status, quote: { state: 'quoted' } })).not.toEqual([]);
    expect(entity.refusedPaths(entity.status, { ...status, realm_votes: 3 })).toEqual([]);
  });

  it('NodeInfo 2.0 and 2.1 take the NodeInfo repository example, and nothing beyond the schema', () => {
    const v21 = nodeinfo['2.1'];
    const { repository: _r, homepage: _h, ...software } = v21.software;
    expect(entity.refusedPaths(entity.nodeInfo21, v21)).toEqual([]);
    expect(entity.refusedPaths(entity.nodeInfo20, { ...v21, version: '2.0', software })).toEqual([]);
    expect(entity.refusedPaths(entity.nodeInfo20, { ...v21, version: '2.0' })).toEqual(['software']);
    expect(entity.refusedPaths(entity.nodeInfo21, { ...v21, protocols: [] })).toEqual(['protocols']);
    expect(
      entity.refusedPaths(entity.nodeInfo21, { ...v21, software: { ...v21.software, name: 'Realm' } }),
    ).toEqual(['software.name']);
    const links = {
      links: [
        { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: 'https://example.org/nodeinfo/2.1' },
      ],
    };
    expect(entity.refusedPaths(entity.nodeInfoLinks, links)).toEqual([]);
  });

  it('expectEntity fails with the path and message of each problem', () => {
    expect(() =>
      entity.expectEntity(
        entity.status,
        { ...status, account: { ...(status.account as object), acct: 5 } },
        'the post',
      ),
    ).toThrow(/the post does not match its Mastodon entity:\n {2}account\.acct: .*string/);
    expect(entity.expectEntity(entity.error, { error: 'Record not found' })).toEqual({
      error: 'Record not found',
    });
  });
});
