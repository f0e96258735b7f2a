import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { isPrivateAddress } from '../domain/push-endpoints.js';
import type { VapidKeys } from '../domain/push-subscriptions.js';

// One Web Push request (RFC 8030): `web-push` encrypts the message to the subscription's keys (aes128gcm,
// RFC 8291, or for an app that asked for it the older aesgcm draft most Mastodon apps decrypt) and signs the
// VAPID header (RFC 8292); this file sends it, bounded in time (docs/security.md, Web Push), to an address
// checked as it connects.

/**
 * How long a push service may take: to accept the connection (DNS and TLS included), from then until its
 * answer starts, and for everything, its answer's last byte included. A service that trickles its answer
 * keeps resetting an inactivity timeout for ever; the whole deadline is what frees the slot.
 */
export type PushTimeouts = { connectMs: number; firstByteMs: number; totalMs: number };

export const defaultPushTimeouts: PushTimeouts = { connectMs: 5000, firstByteMs: 5000, totalMs: 10_000 };

export type SendOptions = {
  vapid: VapidKeys;
  /** The VAPID subject: who push services may contact (REALM_PUSH_CONTACT). */
  contact: string;
  allowPrivateEndpoints: boolean;
  timeouts: PushTimeouts;
};

/** How long a push service keeps a message for a device that is offline: a day, then it is stale. */
const ttlSeconds = 24 * 60 * 60;

/**
 * DNS as usual, but an answer holding a private, loopback or link-local address is an error: a public
 * name pointed at the instance's own network (or re-pointed after subscribing) is refused at connect time.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(
        Object.assign(new Error('push endpoint resolves to a private address'), { code: 'EPRIVATE' }),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Where a push goes and the keys it is encrypted to. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The push service's answer: its HTTP status, or 0 when it could not be reached or did not finish in time. */
export async function sendPush(
  subscription: PushTarget,
  message: object,
  options: SendOptions,
  contentEncoding: 'aes128gcm' | 'aesgcm' = 'aes128gcm',
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: options.contact, ...options.vapid },
      TTL: ttlSeconds,
      contentEncoding,
      urgency: 'normal',
    },
  );
  const url = new URL(details.endpoint);
  const client = url.protocol === 'http:' ? http : https;
  const { connectMs, firstByteMs, totalMs } = options.timeouts;
  return new Promise((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    const finish = (status: number) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      resolve(status);
    };
    const cutAfter = (ms: number, why: string) => {
      const timer = setTimeout(() => {
        request.destroy(new Error(why));
        finish(0);
      }, ms);
      timers.push(timer);
      return timer;
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...details.headers, 'content-length': String(details.body.length) },
        ...(options.allowPrivateEndpoints ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        clearTimeout(firstByte);
        response.resume(); // the answer's body says nothing we use
        response.on('end', () => finish(response.statusCode ?? 0));
        response.on('error', () => finish(response.statusCode ?? 0));
      },
    );
    cutAfter(totalMs, 'push service took too long in all');
    const connecting = cutAfter(connectMs, 'push service did not accept the connection in time');
    let firstByte: NodeJS.Timeout | undefined;
    request.on('socket', (socket) => {
      const connected = () => {
        clearTimeout(connecting);
        if (!settled) firstByte = cutAfter(firstByteMs, 'push service did not start its answer in time');
      };
      // A kept-alive socket is connected already; a new one is ready once TLS is (https) or TCP is.
      if (!socket.connecting) connected();
      else socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    request.on('error', () => finish(0));
    request.end(details.body);
  });
}
