import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * "You are offline", across the top of every screen while the device has no network: the installed app
 * opens from its kept shell (public/sw.js) and says so, instead of the browser's error page. Try again
 * reloads, which brings everything fresh once the network is back.
 */
export function OfflineBar() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <div className="offline-bar" role="status">
      <p>
        <strong>You are offline.</strong> Realm will load posts and notifications when you are back online.
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}
