import { Secret, TOTP } from 'otpauth';
import { factoryPassword } from '../../seed/factories.js';
import type { TestApp } from './test-app.js';

/** The code an authenticator app shows for `secret` at `at` (RFC 6238's defaults, as Realm uses them). */
export const totpCode = (secret: string, at = Date.now()) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at,
  });

/** Sets the factor up as a member does in settings, with a code computed from the secret shown. */
export async function enrolTotp(t: TestApp, token: string) {
  const api = t.caller(token);
  const shown = await api.secondFactor.begin();
  const { recoveryCodes } = await api.secondFactor.confirm({
    enrolment: shown.enrolment,
    code: totpCode(shown.secret),
    password: factoryPassword,
  });
  return { ...shown, recoveryCodes };
}
