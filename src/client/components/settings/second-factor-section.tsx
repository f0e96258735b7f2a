import { useState } from 'react';
import { errorMessage, trpc } from '../../lib/trpc';
import { SettingsSection } from './settings-section';
import { TotpSetup } from './totp-setup';
import { TotpTurnOff } from './totp-turn-off';

/**
 * Two-factor authentication (docs/web-app.md, "Settings"): whether a code is asked after the password, how
 * many recovery codes are left, setting it up and turning it off.
 */
export function SecondFactorSection() {
  const status = trpc.secondFactor.status.useQuery();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const body = () => {
    if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
    if (status.isPending) return <p className="muted">Loading…</p>;
    if (status.isError) return <p role="alert">{errorMessage(status.error)}</p>;
    const { totp, recoveryCodesLeft } = status.data;
    if (!totp) return <TotpSetup onEnabled={setRecoveryCodes} />;
    return (
      <>
        <p className="second-factor-state">
          Two-factor authentication is on since {new Date(totp.enabledAt).toLocaleDateString()}.{' '}
          {recoveryCodesLeft === 1 ? '1 recovery code' : `${recoveryCodesLeft} recovery codes`} left.
        </p>
        <TotpTurnOff />
      </>
    );
  };
  return (
    <SettingsSection
      title="Two-factor authentication"
      intro="After your password, signing in asks for a code from an authenticator app on your phone."
    >
      {body()}
    </SettingsSection>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <p className="notice">
        Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs you in once if
        you lose your phone. They are shown only this once.
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="settings-actions">
        <button type="button" className="button" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </>
  );
}
