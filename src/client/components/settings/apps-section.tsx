import { useState } from 'react';
import { scopeSentences } from '../../lib/scope-words';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/trpc-types';
import { ConfirmDialog } from '../confirm-dialog';
import { RelativeTime } from '../relative-time';
import { SettingsSection } from './settings-section';

type AuthorisedApp = RouterOutputs['oauth']['apps'][number];

/** The apps the member allowed (the consent page, /oauth/authorize), each revoked here. */
export function AppsSection() {
  const apps = trpc.oauth.apps.useQuery();
  const [revoking, setRevoking] = useState<AuthorisedApp | null>(null);
  const utils = trpc.useUtils();
  const toast = useToast();
  const revoke = trpc.oauth.revokeApp.useMutation({
    onSuccess: () => utils.oauth.apps.invalidate(),
    onError: (error) => toast.error(`Could not revoke the app: ${errorMessage(error)}`),
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  let body;
  if (apps.isPending) body = <p className="muted">Loading…</p>;
  else if (apps.isError)
    body = <p className="form-error">Could not load the apps: {errorMessage(apps.error)}</p>;
  else if (apps.data.length === 0) body = <p className="muted">You have not allowed any app.</p>;
  else {
    body = (
      <ul className="people-list apps-list">
        {apps.data.map((app) => (
          <li key={app.appId}>
            <div className="app-row">
              <strong>{app.name}</strong>
              <span className="muted">{scopeSentences(app.scopes).join('; ')}</span>
              <span className="muted">
                allowed <RelativeTime iso={iso(app.createdAt)} />
                {', '}
                {app.lastUsedAt === null ? (
                  'never used'
                ) : (
                  <>
                    last used <RelativeTime iso={iso(app.lastUsedAt)} />
                  </>
                )}
              </span>
            </div>
            <button
              type="button"
              className="button secondary"
              aria-label={`Revoke ${app.name}`}
              onClick={() => setRevoking(app)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <SettingsSection
      title="Apps"
      intro="Apps you allowed to use your account, such as phone apps for Mastodon."
    >
      {body}
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.name}?`}
          message={`${revoking.name} will be signed out of your account at once. To use it again, allow it again.`}
          confirmLabel="Revoke"
          onConfirm={() => revoke.mutateAsync({ appId: revoking.appId })}
          onClose={() => setRevoking(null)}
        />
      )}
    </SettingsSection>
  );
}
