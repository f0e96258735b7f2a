import { useId, useState } from 'react';
import { deleteAccountInput } from '../../../shared/community-schemas';
import { useMe } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSignOut } from '../../lib/use-sign-out';
import { FormError } from '../form-error';
import { Modal } from '../modal';
import { ModalActions } from '../modal-actions';
import { SettingsSection } from './settings-section';
import { YourPasswordField } from './your-password-field';

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const me = useMe();
  const toast = useToast();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const remove = trpc.account.delete.useMutation({
    meta: { passwordCheck: true },
    onSuccess: () => {
      signOut();
      toast.info('Your account was deleted.');
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  return (
    <Modal title="Delete your account?" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = deleteAccountInput.safeParse({ password });
          if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Enter your password.');
          setProblem(null);
          remove.mutate(parsed.data);
        }}
      >
        <p>
          Your profile, posts, comments, likes, follows, bookmarks and notifications will be deleted, and @
          {me.username} will be free for anyone to take. This cannot be undone.
        </p>
        <YourPasswordField id={id} value={password} onChange={setPassword} />
        <FormError message={problem} />
        <ModalActions onCancel={onClose} submitLabel="Delete my account" disabled={remove.isPending} danger />
      </form>
    </Modal>
  );
}

/** Delete account, confirmed with the password; the tab is then signed out. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      title="Delete account"
      intro="Deletes everything you made here and frees your username. Export your data first if you want to keep it."
    >
      <div className="settings-actions">
        <button type="button" className="button danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
