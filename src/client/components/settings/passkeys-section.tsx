import { useId, useState } from 'react';
import { passkeyProblem, webauthnJson } from '../../lib/passkey-words';
import { useMe } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormError } from '../form-error';
import { SettingsSection } from './settings-section';
import { YourPasswordField } from './your-password-field';

const day = (at: number) => new Date(at).toLocaleDateString();

/**
 * Passkeys (docs/web-app.md, "Settings"): each one named, when it was added and last used, and Remove;
 * adding one asks for its name and the password again. A passkey signs in without the password or a code.
 */
export function PasskeysSection() {
  const me = useMe();
  const id = useId();
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.passkeys.list.useQuery();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const beginAdd = trpc.passkeys.beginAdd.useMutation();
  const add = trpc.passkeys.add.useMutation({ meta: { passwordCheck: true } });
  const remove = trpc.passkeys.remove.useMutation({
    onSuccess: () => utils.passkeys.list.invalidate(),
    onError: (error) => toast.error(`Could not remove the passkey: ${errorMessage(error)}`),
  });
  const submit = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const { options, ticket } = await beginAdd.mutateAsync();
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: webauthnJson(options) });
      await add.mutateAsync({ ticket, name, password, response: webauthnJson(response) });
      setName('');
      setPassword('');
      toast.info('Passkey added.');
      await utils.passkeys.list.invalidate();
    } catch (error) {
      setProblem(passkeyProblem(error, errorMessage));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection
      title="Passkeys"
      intro="A passkey signs you in from this device or your phone without your password or a code."
    >
      {list.isError && <p role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.length === 0 && <p className="muted">No passkeys yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="passkey-list" aria-label="Your passkeys">
          {list.data.map((passkey) => (
            <li key={passkey.id}>
              <span>
                <strong>{passkey.name}</strong>{' '}
                <span className="muted">
                  added {day(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, last used ${day(passkey.lastUsedAt)}` : ', never used'}
                </span>
              </span>
              <button
                type="button"
                className="button secondary"
                aria-label={`Remove passkey ${passkey.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: passkey.id })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input type="text" autoComplete="username" value={me.username} readOnly hidden />
        <label htmlFor={`${id}-name`}>Passkey name</label>
        <input
          id={`${id}-name`}
          required
          maxLength={60}
          placeholder="My laptop"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <YourPasswordField id={id} value={password} onChange={setPassword} />
        <FormError message={problem} />
        <div className="settings-actions">
          <button type="submit" className="button" disabled={busy}>
            Add a passkey
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
