import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { authorizeRequest } from '../../shared/oauth-schemas';
import { scopeSentences } from '../lib/scope-words';
import { useSession } from '../lib/session';
import { errorMessage, trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import '../settings.css';

/**
 * GET /oauth/authorize: an app asks to use the member's account (docs/mastodon-api.md, "Signing in from an
 * app"). Signed out, the member signs in first and comes back here with the same query. An unknown app or an
 * address it did not register is an error on this page, never a redirect.
 */
export default function ConsentPage() {
  useDocumentTitle('Allow an app');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const current = useSession();
  const request = useMemo(
    () => authorizeRequest.safeParse(Object.fromEntries(new URLSearchParams(search))),
    [search],
  );
  useEffect(() => {
    if (!current) navigate('/auth', { replace: true, state: { from: `${location}?${search}` } });
  }, [current, location, search, navigate]);
  const described = trpc.oauth.describe.useQuery(request.data!, {
    enabled: request.success && current !== null,
    retry: false,
  });
  const [outcome, setOutcome] = useState<{ code: string } | { denied: true } | null>(null);
  const approve = trpc.oauth.approve.useMutation({
    onSuccess: ({ code, redirectUrl }) => {
      if (redirectUrl) window.location.assign(redirectUrl);
      else if (code) setOutcome({ code });
    },
  });

  if (!current) return null;
  const card = (body: ReactNode) => (
    <main className="page auth-page">
      <section className="card auth-card consent" aria-labelledby="consent-title">
        {body}
      </section>
    </main>
  );
  if (!request.success) {
    return card(
      <>
        <h1 id="consent-title">This link cannot be used</h1>
        <p role="alert">{request.error.issues[0]?.message}</p>
      </>,
    );
  }
  if (described.isPending) return card(<p className="muted">Loading…</p>);
  if (described.isError) {
    return card(
      <>
        <h1 id="consent-title">This app cannot be allowed</h1>
        <p role="alert">{errorMessage(described.error)}</p>
      </>,
    );
  }
  const { app, scopes, denyUrl } = described.data;
  if (outcome && 'code' in outcome) {
    return card(
      <>
        <h1 id="consent-title">{app.name} is allowed</h1>
        <p>Copy this code and paste it into {app.name}:</p>
        <input
          className="consent-code"
          readOnly
          aria-label="Authorization code"
          value={outcome.code}
          onFocus={(event) => event.target.select()}
        />
        <p className="muted">The code works once, within ten minutes.</p>
      </>,
    );
  }
  if (outcome) {
    return card(
      <>
        <h1 id="consent-title">{app.name} was not allowed</h1>
        <p>You can close this tab.</p>
      </>,
    );
  }
  return card(
    <>
      <h1 id="consent-title">Allow {app.name}?</h1>
      <p>
        <strong>{app.name}</strong> wants to use your account <strong>@{current.user.username}</strong>.
        {app.website && (
          <>
            {' '}
            Its website:{' '}
            <a href={app.website} target="_blank" rel="noopener noreferrer nofollow">
              {app.website}
            </a>
          </>
        )}
      </p>
      <p>If you allow it, it will be able to:</p>
      <ul className="consent-scopes">
        {scopeSentences(scopes).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <p className="muted">You can take this back at any time in Settings, under Apps.</p>
      {approve.isError && (
        <p className="form-error" role="alert">
          {errorMessage(approve.error)}
        </p>
      )}
      <div className="account-state-actions">
        <button
          type="button"
          className="button secondary"
          disabled={approve.isPending}
          onClick={() => (denyUrl ? window.location.assign(denyUrl) : setOutcome({ denied: true }))}
        >
          Deny
        </button>
        <button
          type="button"
          className="button"
          disabled={approve.isPending}
          onClick={() => approve.mutate(request.data)}
        >
          Allow
        </button>
      </div>
    </>,
  );
}
