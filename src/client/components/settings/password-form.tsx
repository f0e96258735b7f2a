import { useId, useState } from 'react';
import { changePasswordInput } from '../../../shared/community-schemas';
import { limits } from '../../../shared/limits';
import { session, useMe } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormError } from '../form-error';
import { SettingsSection } from './settings-section';

const empty = { current: '', next: '', confirm: '' };

/**
 * Change password: the current one, the new one twice. The server ends every other session and
 * answers a token for this one, which the tab keeps, so it stays signed in.
 */
export function PasswordForm() {
  const me = useMe();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const change = trpc.account.changePassword.useMutation({
    // A wrong current password is the form's to say, never a reason to end the session.
    meta: { passwordCheck: true },
    onSuccess: ({ token }) => {
      session.setToken(token);
      setValues(empty);
      toast.info('Password changed. Your other sessions have been signed out.');
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const field = (name: keyof typeof empty) => ({
    id: `${id}-${name}`,
    type: 'password',
    value: values[name],
    required: true,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <SettingsSection title="Password" intro="Changing it signs you out everywhere else.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const input = { currentPassword: values.current, newPassword: values.next };
          const parsed = changePasswordInput.safeParse(input);
          if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the passwords.');
          if (values.next !== values.confirm)
            return setProblem('The new password and its confirmation differ.');
          setProblem(null);
          change.mutate(parsed.data);
        }}
      >
        {/* For password managers: whose password this is. */}
        <input type="text" autoComplete="username" value={me.username} readOnly hidden />
        <label htmlFor={`${id}-current`}>Current password</label>
        <input {...field('current')} autoComplete="current-password" />
        <label htmlFor={`${id}-next`}>New password</label>
        <input
          {...field('next')}
          autoComplete="new-password"
          minLength={limits.passwordMin}
          maxLength={limits.passwordMax}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="hint">
          {limits.passwordMin} to {limits.passwordMax} characters.
        </p>
        <label htmlFor={`${id}-confirm`}>Confirm new password</label>
        <input {...field('confirm')} autoComplete="new-password" maxLength={limits.passwordMax} />
        <FormError message={problem} />
        <div className="settings-actions">
          <button type="submit" className="button" disabled={change.isPending}>
            Change password
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
