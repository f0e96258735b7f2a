import { useId, useState } from 'react';
import { errorMessage, trpc } from '../lib/trpc';
import { useSignIn } from '../lib/use-sign-in';
import { FormError } from './form-error';

/**
 * The login's second step (docs/web-app.md, "Signing in"): the password was right, and the account asks
 * for a code from its authenticator app or a recovery code. The ticket stands for the password, which is
 * not sent again; it works for five minutes.
 */
export function SecondStepForm({ ticket, onRestart }: { ticket: string; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const codeId = useId();
  const signIn = useSignIn();
  const secondStep = trpc.auth.secondStep.useMutation({ onSuccess: signIn });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        secondStep.mutate({ ticket, code });
      }}
    >
      <p>This account uses two-factor authentication.</p>
      <label htmlFor={codeId}>Code from your authenticator app, or a recovery code</label>
      <input
        id={codeId}
        required
        autoFocus
        autoComplete="one-time-code"
        inputMode="text"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormError message={secondStep.isError ? errorMessage(secondStep.error) : null} />
      <button type="submit" className="button" disabled={secondStep.isPending}>
        Verify
      </button>
      <button type="button" className="button secondary" onClick={onRestart}>
        Start over
      </button>
    </form>
  );
}
