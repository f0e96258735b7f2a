import { useId, useState } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { useMe } from '../../lib/session';
import { FormError } from '../form-error';
import { YourPasswordField } from './your-password-field';

/**
 * Setting up the code: the server makes a secret, shown this once as a QR code and as text; the factor is on
 * once a code from it and the password are typed. Then the recovery codes are shown (`onEnabled`).
 */
export function TotpSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const me = useMe();
  const id = useId();
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const begin = trpc.secondFactor.begin.useMutation();
  const confirm = trpc.secondFactor.confirm.useMutation({
    meta: { passwordCheck: true },
    onSuccess: async ({ recoveryCodes }) => {
      onEnabled(recoveryCodes);
      await utils.secondFactor.status.invalidate();
    },
  });
  if (!begin.data) {
    return (
      <>
        <FormError message={begin.isError ? errorMessage(begin.error) : null} />
        <div className="settings-actions">
          <button type="button" className="button" disabled={begin.isPending} onClick={() => begin.mutate()}>
            Set up two-factor authentication
          </button>
        </div>
      </>
    );
  }
  const { qrCode, secret, enrolment } = begin.data;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ enrolment, code, password });
      }}
    >
      <p>Scan this QR code with your authenticator app, or type the key in it.</p>
      <img
        className="totp-qr"
        src={qrCode}
        alt="QR code for your authenticator app"
        width={240}
        height={240}
      />
      <p>
        Key: <code className="totp-secret">{secret}</code>
      </p>
      <input type="text" autoComplete="username" value={me.username} readOnly hidden />
      <label htmlFor={`${id}-code`}>Code from the app</label>
      <input
        id={`${id}-code`}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <YourPasswordField id={id} value={password} onChange={setPassword} />
      <FormError message={confirm.isError ? errorMessage(confirm.error) : null} />
      <div className="settings-actions">
        <button type="submit" className="button" disabled={confirm.isPending}>
          Turn on
        </button>
      </div>
    </form>
  );
}
