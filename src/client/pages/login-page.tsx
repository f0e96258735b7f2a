import { useId, useState } from 'react';
import { Link } from 'wouter';
import { demoCredentials } from '../../shared/demo';
import { session } from '../lib/session';
import { errorMessage, isOffline, serverFailureText } from '../lib/error-text';
import { trpc } from '../lib/trpc';
import { useSignIn } from '../lib/use-sign-in';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { SecondStepForm } from '../components/second-step-form';

/** Spec section 2 "Login": texts are the spec's, including its "Wrong crediential". */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [expired] = useState(() => session.takeExpired());
  const emailId = useId();
  const passwordId = useId();
  const signIn = useSignIn();
  // A member with a second factor is asked for a code next, with the ticket the password earned.
  const [ticket, setTicket] = useState<string | null>(null);
  const login = trpc.auth.login.useMutation({
    onSuccess: (answer) => {
      if ('secondFactorTicket' in answer) {
        setPassword('');
        setTicket(answer.secondFactorTicket);
      } else signIn(answer);
    },
  });
  // Only an instance started with the demo has the demo member; elsewhere the button would fill in nothing.
  const demo = trpc.instance.about.useQuery(undefined, { staleTime: Infinity }).data?.demo ?? false;

  return (
    <div className="card auth-card">
      <h1>Login to Realm</h1>
      {expired && <p className="notice">Your session has ended. Please log in again.</p>}
      {ticket !== null ? (
        <SecondStepForm ticket={ticket} onRestart={() => setTicket(null)} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            login.mutate({ username, password });
          }}
        >
          {/* The email or the handle signs in (docs/web-app.md, "Log in"), so the field takes either. */}
          <label htmlFor={emailId}>Email or handle</label>
          <input
            id={emailId}
            type="text"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            required
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {login.isError && (
            <p className="form-error" role="alert">
              {/* A suspended member learns why (403), once the password was right; a call that never reached
                Realm, or that Realm failed, says so rather than blaming the password. */}
              {login.error.data?.code === 'FORBIDDEN' ||
              isOffline(login.error) ||
              errorMessage(login.error) === serverFailureText
                ? errorMessage(login.error)
                : 'Wrong crediential'}
            </p>
          )}
          {demo && (
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setUsername(demoCredentials.username);
                setPassword(demoCredentials.password);
              }}
            >
              Add Test Credentials
            </button>
          )}
          <button type="submit" className="button" disabled={login.isPending}>
            Login to your account
          </button>
        </form>
      )}
      {ticket === null && <PasskeySignIn />}
      <p className="auth-switch">
        New to Realm? <Link href="/signup">Create an account</Link>
      </p>
      <p className="auth-switch">
        <Link href="/about">About this instance</Link>
      </p>
    </div>
  );
}
