import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'wouter';
import { limits } from '../../shared/limits';
import { errorMessage, trpc } from '../lib/trpc';
import { useSignIn } from '../lib/use-sign-in';

const fields = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', max: limits.nameMax },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', max: limits.nameMax },
  // The login field is an email field (spec section 5), so the username a member picks here is their email.
  { name: 'username', label: 'Email', type: 'email', autoComplete: 'username', max: limits.usernameMax },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    max: limits.passwordMax,
  },
] as const;

type Form = Record<(typeof fields)[number]['name'], string>;

/** Signup, linked from the login page (PRODUCT.md "The web client"). */
export default function SignupPage() {
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', username: '', password: '' });
  const baseId = useId();
  const signIn = useSignIn();
  const signup = trpc.auth.signup.useMutation({ onSuccess: ({ token, user }) => signIn(token, user) });
  const change = (name: keyof Form) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));

  return (
    <div className="card auth-card">
      <h1>Join Realm</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          signup.mutate(form);
        }}
      >
        {fields.map((field) => (
          <div key={field.name}>
            <label htmlFor={`${baseId}-${field.name}`}>{field.label}</label>
            <input
              id={`${baseId}-${field.name}`}
              type={field.type}
              required={field.name === 'username' || field.name === 'password'}
              minLength={field.name === 'password' ? limits.passwordMin : undefined}
              maxLength={field.max}
              autoComplete={field.autoComplete}
              value={form[field.name]}
              onChange={change(field.name)}
              aria-describedby={field.name === 'password' ? `${baseId}-password-hint` : undefined}
            />
            {field.name === 'password' && (
              <p id={`${baseId}-password-hint`} className="hint">
                {limits.passwordMin} to {limits.passwordMax} characters.
              </p>
            )}
          </div>
        ))}
        {signup.isError && (
          <p className="form-error" role="alert">
            {errorMessage(signup.error)}
          </p>
        )}
        <button type="submit" className="button" disabled={signup.isPending}>
          Create account
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link href="/auth">Log in</Link>
      </p>
    </div>
  );
}
