import { AccountSection } from '../components/settings/account-section';
import { AppsSection } from '../components/settings/apps-section';
import { DeleteAccount } from '../components/settings/delete-account';
import { ExportData } from '../components/settings/export-data';
import { InvitesSection } from '../components/settings/invites-section';
import { PasswordForm } from '../components/settings/password-form';
import { PushSection } from '../components/settings/push-section';
import { PasskeysSection } from '../components/settings/passkeys-section';
import { SecondFactorSection } from '../components/settings/second-factor-section';
import { RelationsLists } from '../components/settings/relations-lists';
import { SignOutEverywhere } from '../components/settings/sign-out-everywhere';
import { ThemeSection } from '../components/settings/theme-section';
import { useAccount } from '../lib/use-account';
import { useDocumentTitle } from '../lib/use-document-title';
import { useInstance } from '../lib/use-instance';
import '../settings.css';
import '../theme.css';

/**
 * The settings page: the account's handle and email, the theme, password, two-factor authentication, passkeys, notifications on this device, sessions, the apps allowed, blocked and muted members, invites (admins, and members where the
 * admins allow it), export and deletion of the account.
 */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  const role = useAccount().data?.role;
  const { instance } = useInstance();
  const mayInvite = role === 'admin' || (role !== undefined && instance.invitesByMembers);
  return (
    <div className="column settings">
      <h1 className="page-title">Settings</h1>
      <AccountSection />
      <ThemeSection />
      <PasswordForm />
      <SecondFactorSection />
      <PasskeysSection />
      <PushSection />
      <SignOutEverywhere />
      <AppsSection />
      <RelationsLists />
      {mayInvite && <InvitesSection bounded={role !== 'admin'} />}
      <ExportData />
      <DeleteAccount />
    </div>
  );
}
