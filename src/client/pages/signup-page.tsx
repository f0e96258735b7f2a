import { useId, useState, type ChangeEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { emailMax, handleMax, suggestHandle } from '../../shared/handle';
import { limits } from '../../shared/limits';
import { FormError } from '../components/form-error';
import { InstanceIntro } from '../components/instance-intro';
import { fits, TextCounter } from '../components/text-counter';
import { signupProblem } from '../lib/error-text';
import { trpc } from '../lib/trpc';
import type { RouterInputs } from '../lib/trpc-types';
import { useDebounced } from '../lib/use-debounced';
import { useInstance } from '../lib/use-instance';
import { useSignIn } from '../lib/use-sign-in';
import '../settings.css';

const fields = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', max: limits.nameMax },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', max: limits.nameMax },
  // The handle is the public name (shared/handle.ts); the email is private, and signs in as the handle does.
  { name: 'username', label: 'Handle', type: 'text', autoComplete: 'username', max: handleMax },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', max: emailMax },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    max: limits.passwordMax,
  },
] as const;

type Form = Record<(typeof fields)[number]['name'], string>;
/** Signup takes an invite code where registration is by invite. */
type SignupInput = RouterInputs['auth']['signup'] & { inviteCode?: string };

/**
 * Whether the handle typed may be had, asked once typing pauses: "@ana is available", or why not. The
 * server's answer is for the handle it was asked about, so an answer that arrives late is not shown.
 */
function HandleAvailability({ id, handle }: { id: string; handle: string }) {
  const asked = useDebounced(handle, 300);
  const answer = trpc.auth.handleAvailable.useQuery({ handle: asked }, { enabled: asked !== '' });
  if (handle === '' || asked !== handle || !answer.data) return null;
  return answer.data.available ? (
    <p id={id} className="hint" role="status">
      @{handle} is available.
    </p>
  ) : (
    <p id={id} className="form-error" role="status">
      {answer.data.reason}
    </p>
  );
}

/** Why one field was refused, under it; a taken email offers the login page instead. */
function FieldProblem({ id, problem }: { id: string; problem: { message: string; logIn?: boolean } | null }) {
  if (!problem) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {problem.message} {problem.logIn && <Link href="/auth">Log in instead?</Link>}
    </p>
  );
}

/**
 * Signup, linked from the login page (docs/web-app.md, "Log in" and "About"). The instance introduces itself
 * (name, description, rules), and the form follows its registration: an invite code field (filled from
 * `?invite=CODE`), a note that a moderator approves new accounts, or no form at all while it is closed.
 */
export default function SignupPage() {
  const [form, setForm] = useState<Form>({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
  });
  // The handle follows the name as it is typed until the newcomer types a handle of their own.
  const [handleTyped, setHandleTyped] = useState(false);
  const invited = new URLSearchParams(useSearch()).get('invite') ?? '';
  const [inviteCode, setInviteCode] = useState(invited);
  const baseId = useId();
  const signIn = useSignIn();
  const signup = trpc.auth.signup.useMutation({ onSuccess: signIn });
  const { query, instance } = useInstance();
  // Until the instance has answered, a code from the link is kept on show rather than dropped.
  const askInvite = instance.registration === 'invite' || (!query.isSuccess && invited !== '');
  // A refusal about one field is said next to it (and the field marked), anything else under the form.
  const problem = signup.isError ? signupProblem(signup.error) : null;
  const namesFit = fits(form.firstName, limits.nameMax) && fits(form.lastName, limits.nameMax);
  const fieldProblem = (name: string) => (problem?.field === name ? problem : null);
  const describedBy = (name: string, hint?: string) =>
    [hint, fieldProblem(name) && `${baseId}-${name}-problem`].filter(Boolean).join(' ') || undefined;
  const change = (name: keyof Form) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (name === 'username') setHandleTyped(value !== '');
    setForm((current) => {
      const next = { ...current, [name]: value };
      if (!handleTyped && (name === 'firstName' || name === 'lastName')) {
        next.username = suggestHandle(next.firstName, next.lastName);
      }
      return next;
    });
  };

  if (instance.registration === 'closed') {
    return (
      <div className="card auth-card">
        <h1>Join {instance.name}</h1>
        <InstanceIntro instance={instance} />
        <p className="notice" role="status">
          Registration is closed on {instance.name}: new accounts cannot be created here for now.
        </p>
        <p className="auth-switch">
          Already have an account? <Link href="/auth">Log in</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="card auth-card">
      <h1>Join {instance.name}</h1>
      <InstanceIntro instance={instance} />
      {instance.registration === 'approval' && (
        <p className="notice">
          A moderator approves new accounts on {instance.name}. You can sign up now and sign in at once, and
          you will see the instance when your account is approved.
        </p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const input: SignupInput = askInvite ? { ...form, inviteCode: inviteCode.trim() } : form;
          signup.mutate(input);
        }}
      >
        {askInvite && (
          <div>
            <label htmlFor={`${baseId}-invite`}>Invite code</label>
            <input
              id={`${baseId}-invite`}
              type="text"
              required
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              value={inviteCode}
              onChange={(event) => setInviteCode(event.target.value)}
              aria-invalid={fieldProblem('inviteCode') ? true : undefined}
              aria-describedby={describedBy('inviteCode', `${baseId}-invite-hint`)}
            />
            <FieldProblem id={`${baseId}-inviteCode-problem`} problem={fieldProblem('inviteCode')} />
            <p id={`${baseId}-invite-hint`} className="hint">
              New accounts need an invite from a member of {instance.name}.
            </p>
          </div>
        )}
        {fields.map((field) => (
          <div key={field.name}>
            <label htmlFor={`${baseId}-${field.name}`}>{field.label}</label>
            <input
              id={`${baseId}-${field.name}`}
              type={field.type}
              required={field.name === 'username' || field.name === 'email' || field.name === 'password'}
              minLength={field.name === 'password' ? limits.passwordMin : undefined}
              // Names may be typed past their limit, with the counter saying how far (docs/web-app.md).
              maxLength={field.name === 'firstName' || field.name === 'lastName' ? undefined : field.max}
              autoComplete={field.autoComplete}
              value={form[field.name]}
              onChange={change(field.name)}
              aria-invalid={fieldProblem(field.name) ? true : undefined}
              aria-describedby={describedBy(
                field.name,
                field.name === 'password'
                  ? `${baseId}-password-hint`
                  : field.name === 'username'
                    ? `${baseId}-handle-hint`
                    : undefined,
              )}
              {...(field.name === 'username' && { spellCheck: false, autoCapitalize: 'none' })}
            />
            <FieldProblem id={`${baseId}-${field.name}-problem`} problem={fieldProblem(field.name)} />
            {(field.name === 'firstName' || field.name === 'lastName') && (
              <TextCounter text={form[field.name]} max={field.max} from={10} />
            )}
            {field.name === 'username' && (
              <>
                <HandleAvailability id={`${baseId}-handle-available`} handle={form.username.trim()} />
                <p id={`${baseId}-handle-hint`} className="hint">
                  Your public name, shown as @{form.username.trim() || 'handle'}: letters, digits and _, up to{' '}
                  {handleMax}. You cannot change it later. Your email stays private.
                </p>
              </>
            )}
            {field.name === 'password' && (
              <p id={`${baseId}-password-hint`} className="hint">
                {limits.passwordMin} to {limits.passwordMax} characters.
              </p>
            )}
          </div>
        ))}
        <FormError message={problem && problem.field === null ? problem.message : null} />
        <button type="submit" className="button" disabled={signup.isPending || !namesFit}>
          Create account
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link href="/auth">Log in</Link>
      </p>
    </div>
  );
}
