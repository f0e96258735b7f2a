import { describe, expect, it } from 'vitest';
import { exportFileName, inviteLink, inviteState, inviteUses } from '../../src/client/lib/account-files.js';

// The words and names of /settings (src/client/lib/account-files.ts): the archive's file name and each
// invite's link, uses and state.

describe('the data export', () => {
  it('is saved as realm-<username>-<yyyy-mm-dd>.json, with characters no file system takes replaced', () => {
    const at = new Date('2026-11-23T23:59:00Z');
    expect(exportFileName('riya@example.com', at)).toBe('realm-riya@example.com-2026-11-23.json');
    expect(exportFileName('a/b\\c:d*e?', at)).toBe('realm-a_b_c_d_e_-2026-11-23.json');
    expect(exportFileName('', at)).toBe('realm-member-2026-11-23.json');
  });
});

describe('an invite', () => {
  it('links to the signup page with its code filled in', () => {
    expect(inviteLink('https://realm.example', 'Ab 12&x')).toBe(
      'https://realm.example/signup?invite=Ab%2012%26x',
    );
  });

  it('says how much of it was used', () => {
    expect(inviteUses({ uses: 0, maxUses: 1 })).toBe('0 of 1 use');
    expect(inviteUses({ uses: 2, maxUses: 5 })).toBe('2 of 5 uses');
    expect(inviteUses({ uses: 1, maxUses: null })).toBe('No limit, 1 use so far');
    expect(inviteUses({ uses: 3, maxUses: null })).toBe('No limit, 3 uses so far');
  });

  it('says whether it works, and if not why', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const base = { usable: true, expiresAt: null, uses: 0, maxUses: 1 };
    expect(inviteState(base, now)).toBe('Usable');
    expect(inviteState({ ...base, usable: false, uses: 1 }, now)).toBe('Used up');
    expect(inviteState({ ...base, usable: false, expiresAt: '2026-11-22T12:00:00.000Z' }, now)).toBe(
      'Expired',
    );
    expect(inviteState({ ...base, usable: false }, now)).toBe('No longer usable');
  });
});
