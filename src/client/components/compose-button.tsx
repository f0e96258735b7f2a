import { useState } from 'react';
import { useMe } from '../lib/session';
import { useToast } from '../lib/toast';
import { Composer } from './composer';
import { Modal } from './modal';
import { PenIcon } from './tab-icons';

/**
 * On phones the home composer scrolls away and other screens have none: this button floats above the tab
 * bar (phone.css shows it at narrow widths only) and opens the same composer in a dialog. Posting refreshes
 * the feeds as the home composer does; the dialog closes and says so, since the feed may not be on screen.
 */
export function ComposeButton() {
  const me = useMe();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="compose-fab" aria-label="Write a post" onClick={() => setOpen(true)}>
        <PenIcon />
      </button>
      {open && (
        <Modal title="New post" onClose={() => setOpen(false)}>
          <Composer
            me={me}
            onPosted={() => {
              setOpen(false);
              toast.info('Your post is published.');
            }}
          />
        </Modal>
      )}
    </>
  );
}
