import { z } from 'zod';

// The inputs of Web Push on this device (docs/web-app.md, "Notifications on this device"). The settings
// section and the server validate with the same schemas.

export const pushKinds = ['mention', 'comment', 'like', 'follow'] as const;
export type PushKind = (typeof pushKinds)[number];

/** Which kinds of notification this device shows. */
export const pushKindChoice = z.object(
  Object.fromEntries(
    pushKinds.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false.` })]),
  ) as {
    [K in PushKind]: z.ZodBoolean;
  },
  { error: 'Choose which kinds of notification to send.' },
);
export type PushKindChoice = z.infer<typeof pushKindChoice>;

/** The longest push service address accepted: real ones are under 300 characters. */
export const maxEndpointLength = 1000;

const endpoint = z
  .string({ error: 'The push service address is missing.' })
  .max(maxEndpointLength, `The push service address must be at most ${maxEndpointLength} characters.`)
  .refine((value) => URL.canParse(value), { error: 'The push service address is not a URL.' });

// A P-256 public key (65 bytes) and an authentication secret (16 bytes), base64url as browsers give them.
const base64url = (name: string, min: number, max: number) =>
  z
    .string({ error: `The subscription's ${name} key is missing.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `The subscription's ${name} key is not base64url.` })
    .min(min, { error: `The subscription's ${name} key is too short.` })
    .max(max, { error: `The subscription's ${name} key is too long.` });

/** A browser's PushSubscription as `toJSON()` gives it, with the kinds chosen. */
export const pushSubscribeInput = z.object({
  endpoint,
  keys: z.object(
    { p256dh: base64url('p256dh', 86, 90), auth: base64url('auth', 16, 32) },
    { error: "The subscription's keys are missing." },
  ),
  kinds: pushKindChoice,
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

export const pushEndpointInput = z.object({ endpoint });
