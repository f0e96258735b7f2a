import { useId, useState } from 'react';
import { useMe } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormError } from '../form-error';
import { YourPasswordField } from './your-password-field';

/** Turning the code off needs the password and a code (from the app, or a recovery code). */
export function TotpTurnOff() {
  const me = useMe();
  const id = useId();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const disable = trpc.secondFactor.disable.useMutation({
    meta: { passwordCheck: true },
    onSuccess: async () => {
      setCode('');
      setPassword('');
      toast.info('Two-factor authentication is off.');
      await utils.secondFactor.status.invalidate();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate({ code, password });
      }}
    >
      <input type="text" autoComplete="username" value={me.username} readOnly hidden />
      <label htmlFor={`${id}-code`}>Code from the app, or a recovery code</label>
      <input
        id={`${id}-code`}
        required
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <YourPasswordField id={id} value={password} onChange={setPassword} />
      <FormError message={disable.isError ? errorMessage(disable.error) : null} />
      <div className="settings-actions">
        <button type="submit" className="button secondary" disabled={disable.isPending}>
          Turn off two-factor authentication
        </button>
      </div>
    </form>
  );
}
