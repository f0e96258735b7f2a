import { useId, useState } from 'react';
import { limits } from '../../shared/limits';
import { session } from '../lib/session';
import { errorMessage, trpc } from '../lib/trpc';
import type { Profile } from '../lib/trpc-types';
import { FormError } from './form-error';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';
import { ProfilePictureField, type PictureChoice } from './profile-picture-field';
import { fits, TextCounter } from './text-counter';

type Field = 'firstName' | 'lastName' | 'bio' | 'link';

/** Each field with its label and the limit the server holds it to (shared/schemas.ts `profileFields`). */
const fields: { name: Field; label: string; max: number; multiline?: boolean }[] = [
  { name: 'firstName', label: 'First name', max: limits.nameMax },
  { name: 'lastName', label: 'Last name', max: limits.nameMax },
  { name: 'bio', label: 'Bio', max: limits.bioMax, multiline: true },
  { name: 'link', label: 'Url', max: limits.urlMax },
];

/**
 * Spec section 2 "Edit profile" ("Bio" and "Url"), with the display name (first and last name) as well; each
 * field has the counter and Save waits until all fit. The picture and the banner are uploaded when chosen
 * and saved with the rest (profile-picture-field.tsx); only a picture that changed is sent, so an address
 * elsewhere the member already had stays as it is. On success the stored user is replaced.
 */
export function EditProfileModal({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: profile.firstName,
    lastName: profile.lastName,
    bio: profile.bio,
    link: profile.link,
  });
  const [avatar, setAvatar] = useState<PictureChoice>({
    value: profile.profilePic,
    preview: profile.profilePic,
  });
  const [banner, setBanner] = useState<PictureChoice>({
    value: profile.profileBanner,
    preview: profile.profileBanner,
  });
  const [uploading, setUploading] = useState(0);
  const onBusy = (busy: boolean) => setUploading((count) => count + (busy ? 1 : -1));
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const utils = trpc.useUtils();
  const save = trpc.users.editProfile.useMutation({
    onSuccess: async (updated) => {
      session.setUser(updated);
      await utils.users.invalidate();
      // Their name is on their posts and comments too.
      void utils.posts.invalidate();
      void utils.comments.invalidate();
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const allFit = fields.every((field) => fits(values[field.name], field.max));
  return (
    <Modal title="Edit profile" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!allFit) return;
          setError(null);
          save.mutate({
            ...values,
            ...(avatar.value !== profile.profilePic && { profilePic: avatar.value }),
            ...(banner.value !== profile.profileBanner && { profileBanner: banner.value }),
          });
        }}
      >
        <ProfilePictureField
          kind="avatar"
          person={{ ...profile, ...values }}
          choice={avatar}
          onChange={setAvatar}
          onBusy={onBusy}
        />
        <ProfilePictureField
          kind="banner"
          person={profile}
          choice={banner}
          onChange={setBanner}
          onBusy={onBusy}
        />
        {fields.map((field) => {
          const id = `${baseId}-${field.name}`;
          const props = {
            id,
            value: values[field.name],
            'aria-invalid': !fits(values[field.name], field.max) || undefined,
            'aria-describedby': `${id}-counter`,
            onChange: (event: { target: { value: string } }) =>
              setValues((current) => ({ ...current, [field.name]: event.target.value })),
          };
          return (
            <div key={field.name} className="profile-field">
              <label htmlFor={id}>{field.label}</label>
              {field.multiline ? (
                <textarea rows={3} dir="auto" {...props} />
              ) : field.name === 'link' ? (
                <input type="url" placeholder="https://" {...props} />
              ) : (
                <input type="text" dir="auto" autoComplete="off" {...props} />
              )}
              <TextCounter id={`${id}-counter`} text={values[field.name]} max={field.max} />
            </div>
          );
        })}
        <FormError message={error} />
        <ModalActions
          onCancel={onClose}
          submitLabel="Save"
          disabled={save.isPending || !allFit || uploading > 0}
        />
      </form>
    </Modal>
  );
}
