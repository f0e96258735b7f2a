import { useEffect, useId, useState } from 'react';
import { pushKinds, type PushKind, type PushKindChoice } from '../../../shared/push-schemas';
import { currentSubscription, pushSupport, subscribeThisBrowser } from '../../lib/push';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormError } from '../form-error';
import { SettingsSection } from './settings-section';

const kindLabels: Record<PushKind, string> = {
  mention: 'Mentions',
  comment: 'Comments on your posts',
  like: 'Likes of your posts',
  follow: 'New followers',
};

const everyKind: PushKindChoice = { mention: true, comment: true, like: true, follow: true };

type State = { status: 'checking' } | { status: 'off' } | { status: 'on'; endpoint: string };

/**
 * "Notifications on this device": Web Push for this browser, and which kinds it shows. Where the browser
 * has no Push API (an iPhone's Safari outside a Home Screen app, some private windows) it says so.
 */
export function PushSection() {
  const id = useId();
  const support = pushSupport();
  const [state, setState] = useState<State>({ status: 'checking' });
  const [kinds, setKinds] = useState<PushKindChoice>(everyKind);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();

  // Whether this browser is subscribed, and to this member: another member may have turned it on here.
  useEffect(() => {
    let live = true;
    (async () => {
      const subscription = await currentSubscription();
      const known = subscription && (await utils.push.device.fetch({ endpoint: subscription.endpoint }));
      if (!live) return;
      if (subscription && known) {
        setKinds(known.kinds);
        setState({ status: 'on', endpoint: subscription.endpoint });
      } else setState({ status: 'off' });
    })().catch(() => live && setState({ status: 'off' }));
    return () => {
      live = false;
    };
  }, [utils]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      await work();
    } catch (failed) {
      setError(errorMessage(failed));
    } finally {
      setBusy(false);
    }
  }

  const turnOn = () =>
    run(async () => {
      const { publicKey } = await utils.push.publicKey.fetch();
      const subscription = await subscribeThisBrowser(publicKey);
      await subscribe.mutateAsync({ ...subscription, kinds });
      setState({ status: 'on', endpoint: subscription.endpoint });
      setSaved('Notifications are on for this device.');
    });

  const turnOff = () =>
    run(async () => {
      const subscription = await currentSubscription();
      if (state.status === 'on') await unsubscribe.mutateAsync({ endpoint: state.endpoint });
      await subscription?.unsubscribe();
      setState({ status: 'off' });
      setSaved('Notifications are off for this device.');
    });

  function choose(kind: PushKind, on: boolean) {
    const next = { ...kinds, [kind]: on };
    setKinds(next);
    if (state.status !== 'on') return;
    void run(async () => {
      const subscription = await currentSubscription();
      if (!subscription) throw new Error('This device is no longer subscribed. Turn notifications on again.');
      const json = subscription.toJSON();
      await subscribe.mutateAsync({
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        kinds: next,
      });
      setSaved('Saved.');
    });
  }

  const intro =
    'Get a notification on this phone or computer when someone mentions you, comments, likes or follows, even when Realm is closed.';
  if (support === 'unsupported') {
    return (
      <SettingsSection title="Notifications on this device" intro={intro}>
        <p className="push-note">
          This browser cannot show notifications from Realm. On an iPhone or iPad, add Realm to your Home
          Screen first (Share, then Add to Home Screen) and open it from there.
        </p>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection title="Notifications on this device" intro={intro}>
      <p className="push-status" role="status">
        {state.status === 'checking'
          ? 'Checking this device…'
          : state.status === 'on'
            ? 'Notifications are on for this device.'
            : support === 'denied'
              ? "Notifications are blocked for this site. Allow them in your browser's site settings first."
              : 'Notifications are off for this device.'}
      </p>
      <fieldset className="push-kinds" disabled={busy || state.status === 'checking'}>
        <legend>Notify me about</legend>
        {pushKinds.map((kind) => (
          <div className="push-kind" key={kind}>
            <input
              type="checkbox"
              id={`${id}-${kind}`}
              checked={kinds[kind]}
              onChange={(event) => choose(kind, event.target.checked)}
            />
            <label htmlFor={`${id}-${kind}`}>{kindLabels[kind]}</label>
          </div>
        ))}
      </fieldset>
      <FormError message={error} />
      {saved && <p className="muted push-saved">{saved}</p>}
      <div className="settings-actions">
        {state.status === 'on' ? (
          <button type="button" className="button secondary" onClick={turnOff} disabled={busy}>
            Turn off
          </button>
        ) : (
          <button
            type="button"
            className="button"
            onClick={turnOn}
            disabled={busy || state.status === 'checking' || support === 'denied'}
          >
            {busy ? 'Turning on…' : 'Turn on'}
          </button>
        )}
      </div>
    </SettingsSection>
  );
}
