import { z } from 'zod';
import { id, url } from './common.js';

// entities/WebPushSubscription.md: the alerts are a hash of booleans (2.4 to 4.0 added keys; Mastodon 4.4
// added `standard` and `policy` beside them, answered here too).
export const webPushSubscription = z.looseObject({
  id,
  endpoint: url,
  alerts: z.record(z.string(), z.boolean()),
  server_key: z.string().min(1),
  standard: z.boolean().optional(),
  policy: z.enum(['all', 'followed', 'follower', 'none']).optional(),
});
