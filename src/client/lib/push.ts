// The browser's side of Web Push: the service worker (public/sw.js) and its push subscription. The server
// keeps the subscription with the kinds chosen (trpc push.*); docs/web-app.md, "Notifications on this device".

/** What this browser offers: no Push API at all, notifications blocked for the site, or ready. */
export type PushSupport = 'unsupported' | 'denied' | 'ready';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

/** Registers the service worker (main.tsx does at start in a built app; again here is harmless). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one; none where no service worker is registered (dev). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key, base64url as the server gives it, as the bytes the Push API wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

export class PushRefused extends Error {}

/**
 * Asks the member's permission and subscribes this browser to the instance's push messages, answering the
 * subscription as the server takes it. A subscription made for another key (another instance on this
 * address, or keys made anew) is replaced.
 */
export async function subscribeThisBrowser(publicKey: string) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushRefused(
      "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
    );
  }
  const registration = await registerServiceWorker();
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: key })
    .catch(() => {
      // The browser's own push service did not answer (offline, or none: some private windows, Chromium
      // builds without one). Its error ("Registration failed - push service error") says little to a member.
      throw new PushRefused(
        "This browser could not reach its push service, so notifications can't be turned on here. Try again later, or use another browser.",
      );
    });
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
