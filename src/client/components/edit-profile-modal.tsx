import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { session } from '../lib/session';
import { errorMessage, trpc } from '../lib/trpc';
import type { Profile } from '../lib/trpc-types';
import { FormError } from './form-error';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

/** Spec section 2 "Edit profile": "Bio" and "Url" with Cancel and Save; on success the stored user is replaced. */
export function EditProfileModal({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const [bio, setBio] = useState(profile.bio);
  const [link, setLink] = useState(profile.link);
  const [error, setError] = useState<string | null>(null);
  const bioId = useId();
  const urlId = useId();
  const utils = trpc.useUtils();
  const save = trpc.users.editProfile.useMutation({
    onSuccess: async (updated) => {
      session.setUser(updated);
      await utils.users.invalidate();
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Modal title="Edit profile" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          save.mutate({ bio, link });
        }}
      >
        <label htmlFor={bioId}>Bio</label>
        <textarea
          id={bioId}
          rows={3}
          value={bio}
          maxLength={limits.bioMax}
          onChange={(event) => setBio(event.target.value)}
        />
        <label htmlFor={urlId}>Url</label>
        <input
          id={urlId}
          type="url"
          value={link}
          placeholder="https://"
          maxLength={limits.urlMax}
          onChange={(event) => setLink(event.target.value)}
        />
        <FormError message={error} />
        <ModalActions onCancel={onClose} submitLabel="Save" disabled={save.isPending} />
      </form>
    </Modal>
  );
}
