import { useState } from 'react';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSignOut } from '../../lib/use-sign-out';
import { ConfirmDialog } from '../confirm-dialog';
import { SettingsSection } from './settings-section';

/** Sign out everywhere: every token of the member stops working, this tab's too. */
export function SignOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const toast = useToast();
  const signOut = useSignOut();
  const end = trpc.account.signOutEverywhere.useMutation({
    onSuccess: () => {
      signOut();
      toast.info('You have been signed out everywhere.');
    },
    onError: (error) => toast.error(`Could not sign out everywhere: ${errorMessage(error)}`),
  });
  return (
    <SettingsSection
      title="Sessions"
      intro="Signed in on a device you no longer have? Sign out on every browser and app at once."
    >
      <div className="settings-actions">
        <button type="button" className="button secondary" onClick={() => setAsking(true)}>
          Sign out everywhere
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Sign out everywhere?"
          message="Every browser and app signed in to your account will be signed out, this one included."
          confirmLabel="Sign out everywhere"
          onConfirm={() => end.mutateAsync()}
          onClose={() => setAsking(false)}
        />
      )}
    </SettingsSection>
  );
}
