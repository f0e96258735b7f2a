import { z } from 'zod';
import { datetime, id, int } from './common.js';

// entities/Marker.md
export const marker = z.looseObject({ last_read_id: id, version: int, updated_at: datetime });

// methods/markers.md: GET /api/v1/markers answers the timelines asked for, each a Marker.
export const markers = z.looseObject({ home: marker.optional(), notifications: marker.optional() });

// entities/Preferences.md
export const preferences = z.looseObject({
  'posting:default:visibility': z.enum(['public', 'unlisted', 'private', 'direct']),
  'posting:default:sensitive': z.boolean(),
  'posting:default:language': z.string().nullable(),
  'reading:expand:media': z.enum(['default', 'show_all', 'hide_all']),
  'reading:expand:spoilers': z.boolean(),
});
