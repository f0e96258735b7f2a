import { useAccount } from '../../lib/use-account';
import { SettingsSection } from './settings-section';

/** Who the member is here: their public handle and their email, which nobody else sees. */
export function AccountSection() {
  const account = useAccount().data;
  if (!account) return null;
  return (
    <SettingsSection
      title="Account"
      intro="Your handle is your public name. Your email is private: only you and the admins of this instance see it."
    >
      <dl className="settings-facts">
        <dt>Handle</dt>
        <dd>@{account.username}</dd>
        <dt>Email</dt>
        <dd>{account.email ?? 'None given'}</dd>
      </dl>
    </SettingsSection>
  );
}
