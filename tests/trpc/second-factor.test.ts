import { URI, type TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { enrolTotp, totpCode } from '../helpers/second-factor.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Setting up the TOTP second factor in settings and turning it off (docs/security.md, "Second factors").
// Codes are computed here from the secret the server shows, as an authenticator app computes them.

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('secondFactor.begin and confirm', () => {
  it('shows a secret once, as text, otpauth:// and a QR code, and keeps nothing until a code and the password', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const api = t.caller(me.token);
    expect(await api.secondFactor.status()).toEqual({ totp: null, recoveryCodesLeft: 0 });
    const shown = await api.secondFactor.begin();
    expect(shown.secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = URI.parse(shown.uri) as TOTP;
    expect(parsed).toMatchObject({
      issuer: 'Realm',
      label: me.username,
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    expect(parsed.secret.base32).toBe(shown.secret);
    expect(shown.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(await t.sql('select * from second_factors')).toEqual([]);

    const wrong = { enrolment: shown.enrolment, code: totpCode(shown.secret), password: 'not-the-password' };
    await expect(api.secondFactor.confirm(wrong)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const badCode = { enrolment: shown.enrolment, code: '000000', password: factoryPassword };
    if (badCode.code === totpCode(shown.secret)) badCode.code = '000001';
    await expect(api.secondFactor.confirm(badCode)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The code is not correct.',
    });
    expect(await t.sql('select * from second_factors')).toEqual([]);

    const { recoveryCodes } = await api.secondFactor.confirm({
      enrolment: shown.enrolment,
      code: totpCode(shown.secret),
      password: factoryPassword,
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(await api.secondFactor.status()).toEqual({
      totp: { enabledAt: expect.any(Number) },
      recoveryCodesLeft: 10,
    });
    // Neither the secret nor a recovery code is kept as such, nor in any answer after this one.
    const rows = JSON.stringify([
      await t.sql('select * from second_factors'),
      await t.sql('select * from recovery_codes'),
    ]);
    expect(rows).not.toContain(shown.secret);
    for (const code of recoveryCodes) expect(rows).not.toContain(code.replaceAll('-', ''));
    expect(JSON.stringify(await api.secondFactor.status())).not.toContain(shown.secret);
    await expect(api.secondFactor.begin()).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("refuses another member's setup and an altered one", async () => {
    t = await makeTestApp();
    const me = await t.member();
    const other = await t.member();
    const shown = await t.caller(me.token).secondFactor.begin();
    const input = { enrolment: shown.enrolment, code: totpCode(shown.secret), password: factoryPassword };
    await expect(t.caller(other.token).secondFactor.confirm(input)).rejects.toMatchObject({
      message: 'This setup has expired. Start again.',
    });
    const altered = { ...input, enrolment: `${shown.enrolment.slice(0, -2)}AA` };
    await expect(t.caller(me.token).secondFactor.confirm(altered)).rejects.toMatchObject({
      message: 'This setup has expired. Start again.',
    });
  });

  it('refuses a setup confirmed after 15 minutes', async () => {
    t = await makeTestApp();
    const me = await t.member();
    vi.useFakeTimers({ toFake: ['Date'] });
    const shown = await t.caller(me.token).secondFactor.begin();
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const input = { enrolment: shown.enrolment, code: totpCode(shown.secret), password: factoryPassword };
    await expect(t.caller(me.token).secondFactor.confirm(input)).rejects.toMatchObject({
      message: 'This setup has expired. Start again.',
    });
  });
});

describe('secondFactor.disable', () => {
  it('needs the password and a code, then the factor and its recovery codes are gone', async () => {
    t = await makeTestApp();
    const me = await t.member();
    vi.useFakeTimers({ toFake: ['Date'] });
    const { secret, recoveryCodes } = await enrolTotp(t, me.token);
    const api = t.caller(me.token);
    vi.setSystemTime(Date.now() + 30_000);
    await expect(
      api.secondFactor.disable({ code: totpCode(secret), password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'The password is not correct.',
    });
    await expect(
      api.secondFactor.disable({ code: 'aaaa-bbbb-cccc-dddd', password: factoryPassword }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'The code is not correct.',
    });
    expect((await api.secondFactor.status()).totp).not.toBeNull();
    await api.secondFactor.disable({ code: recoveryCodes[0]!, password: factoryPassword });
    expect(await api.secondFactor.status()).toEqual({ totp: null, recoveryCodesLeft: 0 });
    expect(await t.sql('select * from recovery_codes')).toEqual([]);
    await expect(
      api.secondFactor.disable({ code: totpCode(secret), password: factoryPassword }),
    ).rejects.toMatchObject({
      message: 'Two-factor authentication is not on.',
    });
  });
});
