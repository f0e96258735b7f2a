import { useState } from 'react';
import { passkeyProblem, webauthnJson } from '../lib/passkey-words';
import { errorMessage, trpc } from '../lib/trpc';
import { useSignIn } from '../lib/use-sign-in';
import { FormError } from './form-error';

/**
 * "Sign in with a passkey" (docs/web-app.md, "Signing in"): no username, no password; the browser offers
 * the passkeys it holds for this instance. The WebAuthn helper is loaded only when the button is pressed.
 */
export function PasskeySignIn() {
  const signIn = useSignIn();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const begin = trpc.auth.passkeyOptions.useMutation();
  const login = trpc.auth.passkeyLogin.useMutation();
  const start = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const { options, ticket } = await begin.mutateAsync();
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: webauthnJson(options) });
      signIn(await login.mutateAsync({ ticket, response: webauthnJson(response) }));
    } catch (error) {
      setProblem(passkeyProblem(error, errorMessage));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="passkey-sign-in">
      <button type="button" className="button secondary" disabled={busy} onClick={() => void start()}>
        Sign in with a passkey
      </button>
      <FormError message={problem} />
    </div>
  );
}
