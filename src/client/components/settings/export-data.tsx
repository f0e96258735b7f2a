import { useState } from 'react';
import { limits } from '../../../shared/limits';
import { downloadJson, exportFileName } from '../../lib/account-files';
import { useMe } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { errorMessage, handleSessionError, trpc } from '../../lib/trpc';
import { SettingsSection } from './settings-section';

/**
 * Export my data: account.export's archive, saved as `realm-<username>-<yyyy-mm-dd>.json`. Read
 * through the plain client, not the query cache: an archive can be large and is wanted once.
 */
export function ExportData() {
  const me = useMe();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const archive = await utils.client.account.export.query();
      downloadJson(archive, exportFileName(me.username, new Date()));
      toast.info(
        archive.truncated
          ? `Your data was downloaded: the newest ${limits.exportEntriesMax.toLocaleString()} entries of each kind.`
          : 'Your data was downloaded.',
      );
    } catch (error) {
      handleSessionError(error);
      toast.error(`Could not export your data: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection
      title="Your data"
      intro="A JSON file of your profile, posts (with links to their pictures and their descriptions), comments, bookmarks and follows."
    >
      <div className="settings-actions">
        <button type="button" className="button secondary" disabled={busy} onClick={() => void run()}>
          {busy ? 'Preparing…' : 'Export my data'}
        </button>
      </div>
    </SettingsSection>
  );
}
