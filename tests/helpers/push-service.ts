import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

// A push service the test runs itself: a local HTTP server that takes Web Push requests (RFC 8030) as
// Mozilla's or Google's would, and a browser's side of a subscription (its P-256 key pair and auth secret),
// so a test can check the VAPID signature (RFC 8292) and decrypt the aes128gcm body (RFC 8291) itself.

export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type PushService = {
  url: string;
  received: PushRequest[];
  /** With `stall`: how long each request was held (ms) before the sender cut the connection. */
  cut: number[];
  /** What the service answers on this path (201 unless set: 410 says the subscription is gone). */
  answer(path: string, status: number): void;
  /** Resolves with the `count`th request (1-based) once it has arrived; fails after `timeoutMs`. */
  nth(count: number, timeoutMs?: number): Promise<PushRequest>;
  close(): Promise<void>;
};

/**
 * A hostile or broken push service: `trickle` answers 201 and then a byte every `everyMs` without ever
 * ending; `silent` takes the request and never starts its answer.
 */
export type PushStall = { stall: 'trickle' | 'silent'; everyMs?: number };

export async function startPushService(options: Partial<PushStall> = {}): Promise<PushService> {
  const received: PushRequest[] = [];
  const cut: number[] = [];
  const statuses = new Map<string, number>();
  const waiting = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    const start = Date.now();
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      for (const wake of waiting) wake();
      if (!options.stall) return void response.writeHead(statuses.get(request.url ?? '') ?? 201).end();
      if (options.stall === 'trickle') response.writeHead(201).flushHeaders();
      const trickle =
        options.stall === 'trickle' ? setInterval(() => response.write('.'), options.everyMs ?? 1000) : null;
      response.on('close', () => {
        if (trickle) clearInterval(trickle);
        cut.push(Date.now() - start);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    cut,
    answer: (path, status) => void statuses.set(path, status),
    nth(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(received[count - 1]!);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`push ${count} did not arrive within ${timeoutMs} ms (${received.length} came)`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a stalled answer would keep it open
      }),
  };
}

/** A browser's subscription: what it sends the server, and its private half to decrypt with. */
export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
};

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    ecdh,
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** Decrypts an aes128gcm Web Push body (RFC 8291, one record) with the subscription's private key. */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const uaPublic = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(serverKey);
  const auth = Buffer.from(subscription.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, serverKey, Buffer.from([1])]);
  const ikm = hmac(hmac(auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the request's `Authorization: vapid t=<JWT>, k=<public key>`: signed (ES256) by that key, for the
 * push service's origin, not expired. Answers the key and the JWT's claims.
 */
export async function verifyVapid(request: PushRequest, serviceUrl: string) {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${request.headers.authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, { audience: new URL(serviceUrl).origin });
  return { publicKey: k, claims: payload as JWTPayload };
}

/**
 * Decrypts a body in the older `aesgcm` encoding (draft-ietf-webpush-encryption-04), which Mastodon's apps
 * ask for unless they subscribe as `standard`: the server's key and the salt come in the Crypto-Key and
 * Encryption headers, the keys are derived with a context naming both public keys, and the one record starts
 * with two bytes of padding length.
 */
export function decryptAesgcm(request: PushRequest, subscription: BrowserSubscription): string {
  const param = (header: string | string[] | undefined, name: string) => {
    const match = new RegExp(`(?:^|[;,\\s])${name}=([A-Za-z0-9_-]+)`).exec(String(header ?? ''));
    if (!match) throw new Error(`no ${name} in ${String(header)}`);
    return Buffer.from(match[1]!, 'base64url');
  };
  const serverKey = param(request.headers['crypto-key'], 'dh');
  const salt = param(request.headers.encryption, 'salt');
  const uaPublic = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(serverKey);
  const auth = Buffer.from(subscription.keys.auth, 'base64url');
  const ikm = hmac(hmac(auth, shared), Buffer.from('Content-Encoding: auth\0'), Buffer.from([1]));
  const length = (key: Buffer) => Buffer.from([0, key.length]);
  const context = Buffer.concat([
    Buffer.from('P-256\0'),
    length(uaPublic),
    uaPublic,
    length(serverKey),
    serverKey,
  ]);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aesgcm\0'), context, Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), context, Buffer.from([1])).subarray(
    0,
    12,
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  const body = request.body;
  decipher.setAuthTag(body.subarray(body.length - 16));
  const padded = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
  return padded.subarray(2 + padded.readUInt16BE(0)).toString('utf8');
}
