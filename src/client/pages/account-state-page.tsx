import { Link } from 'wouter';
import { accountStateMessages } from '../lib/account-state';
import { useDocumentTitle } from '../lib/use-document-title';
import { useInstance } from '../lib/use-instance';
import { useSignOut } from '../lib/use-sign-out';
import { trpc } from '../lib/trpc';
import '../settings.css';

/**
 * All that a signed-in member sees while their account waits for a moderator (registration
 * "approval") or is suspended. No feeds: the server refuses them anyway. The waiting screen asks again every
 * 30 seconds (lib/use-account.ts), and lets the member in as soon as they are approved.
 */
export default function AccountStatePage({ state }: { state: 'pending' | 'suspended' }) {
  const { instance } = useInstance();
  const signOut = useSignOut();
  const account = trpc.account.me.useQuery(undefined, { enabled: false });
  const pending = state === 'pending';
  useDocumentTitle(pending ? 'Waiting for approval' : 'Account suspended');

  return (
    <main className="page auth-page">
      <section className="card auth-card account-state" aria-labelledby="account-state-title">
        <p className="muted account-state-instance">{instance.name}</p>
        <h1 id="account-state-title">{pending ? 'Almost there' : 'Your account is suspended'}</h1>
        <p>{pending ? accountStateMessages.pending : accountStateMessages.suspended}</p>
        {pending ? (
          <p className="muted">
            You can sign in, but you will see {instance.name} only once a moderator has approved your account.
            This page checks every 30 seconds.
          </p>
        ) : (
          <p className="muted">
            You cannot post, comment or read the feeds while it is suspended. The rules are on the{' '}
            <Link href="/about">about page</Link>.
          </p>
        )}
        <div className="account-state-actions">
          {pending && (
            <button
              type="button"
              className="button secondary"
              disabled={account.isFetching}
              onClick={() => void account.refetch()}
            >
              Check again
            </button>
          )}
          <button type="button" className="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </section>
    </main>
  );
}
