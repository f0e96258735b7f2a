import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A passkey authenticator in software, for server tests: it answers WebAuthn's create and get as a browser
// with a platform authenticator would (attestation "none", ES256, user verified), for `origin`. The browser
// suite uses Chromium's own virtual authenticator instead.

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** CBOR (RFC 8949) of the few shapes WebAuthn needs: integers, byte and text strings, arrays and maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Held = { privateKey: KeyObject; userHandle: string; counter: number };

export function softAuthenticator(origin: string, rpId = new URL(origin).hostname) {
  const held = new Map<string, Held>();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  return {
    /** navigator.credentials.create: a new discoverable passkey for the options' user. */
    create(options: { challenge: string; user: { id: string } }) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(0),
        Buffer.alloc(16), // AAGUID
        idLength,
        id,
        cbor(coseKey),
      ]);
      held.set(b64u(id), { privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge)),
          attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** navigator.credentials.get: an assertion by the passkey `id` (the one made last, when not given). */
    get(options: { challenge: string }, id = [...held.keys()].at(-1)!) {
      const passkey = held.get(id)!;
      passkey.counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counterBytes(passkey.counter)]);
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
