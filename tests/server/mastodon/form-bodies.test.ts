import { describe, expect, it } from 'vitest';
import { formFields } from '../../../src/server/mastodon/form-bodies.js';

// Form fields named as Rails names them, as Mastodon apps send them.

const fields = (query: string) => formFields(new URLSearchParams(query));

describe('form fields', () => {
  it('are plain names, lists (name[]) and objects (name[key])', () => {
    expect(
      fields('a=1&list[]=x&list[]=y&source[privacy]=public&fields_attributes[0][name]=n&media_ids[]=5'),
    ).toEqual({
      a: '1',
      list: ['x', 'y'],
      source: { privacy: 'public' },
      fields_attributes: { '0': { name: 'n' } },
      media_ids: ['5'],
    });
  });

  it('keep a repeated plain name as a list', () => {
    expect(fields('scope=read&scope=write')).toEqual({ scope: ['read', 'write'] });
  });

  it("never reach an object's prototype", () => {
    const parsed = fields('__proto__[polluted]=1&a[__proto__][x]=1&constructor[prototype][y]=1&b=2');
    expect(parsed).toEqual({ b: '2' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
