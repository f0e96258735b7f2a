import { useId, useRef, useState } from 'react';
import { UploadError, uploadPicture } from '../lib/upload-picture';
import { offlineText } from '../lib/error-text';
import { Avatar } from './avatar';
import { FormError } from './form-error';
import '../profile-pictures.css';

/**
 * What the dialog will save for one picture field: `value` is the address stored on the profile (the
 * upload's picture, an address elsewhere the member had, or '' for none); `preview` is what the dialog shows.
 */
export type PictureChoice = { value: string; preview: string };

const words = {
  avatar: { legend: 'Profile picture', change: 'Change picture', remove: 'Remove picture' },
  banner: { legend: 'Banner', change: 'Change banner', remove: 'Remove banner' },
} as const;

type Person = { username: string; firstName?: string; lastName?: string };

/**
 * One of Edit profile's pictures: a file picker that uploads at once (the server crops an avatar square
 * and a banner 3:1 around what matters), the server's preview in the shape the profile shows (a round
 * avatar, a 3:1 banner), and Remove. Nothing is on the profile until the dialog is saved.
 */
export function ProfilePictureField(props: {
  kind: 'avatar' | 'banner';
  person: Person;
  choice: PictureChoice;
  onChange: (choice: PictureChoice) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { kind, person, choice, onChange, onBusy } = props;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  const text = words[kind];

  async function send(file: File) {
    setError(null);
    setBusy(true);
    onBusy(true);
    try {
      const picture = await uploadPicture(file, { purpose: kind });
      onChange({ value: picture.url, preview: picture.previewUrl });
    } catch (failure) {
      setError(failure instanceof UploadError ? failure.message : offlineText);
    } finally {
      setBusy(false);
      onBusy(false);
    }
  }

  return (
    <fieldset className={`picture-field picture-field-${kind}`}>
      <legend>{text.legend}</legend>
      {kind === 'avatar' ? (
        <Avatar person={{ ...person, profilePic: choice.preview }} size={72} />
      ) : (
        <div className="banner banner-preview">
          {choice.preview && <img src={choice.preview} alt="Your banner" width={600} height={200} />}
        </div>
      )}
      <div className="picture-buttons">
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          aria-describedby={statusId}
          onClick={() => input.current?.click()}
        >
          {text.change}
        </button>
        {choice.value !== '' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => {
              setError(null);
              onChange({ value: '', preview: '' });
            }}
          >
            {text.remove}
          </button>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={text.change}
          data-picture={kind}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again after a refusal must fire again.
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      </div>
      <p id={statusId} className="picture-status" aria-live="polite">
        {busy ? 'Uploading…' : ''}
      </p>
      <FormError message={error} />
    </fieldset>
  );
}
