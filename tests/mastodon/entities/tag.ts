import { z } from 'zod';
import { id, url } from './common.js';

// entities/Tag.md (trendable, usable and requires_review belong to the admin API's Admin::Tag).
export const tag = z.looseObject({
  id, // public since 4.3.1
  name: z.string(),
  url,
  history: z.array(z.looseObject({ day: z.string(), uses: z.string(), accounts: z.string() })),
  following: z.boolean().optional(),
  featuring: z.boolean().optional(),
});
