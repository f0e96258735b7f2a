import { z } from 'zod';
import { account } from './account.js';
import { datetime, id } from './common.js';

// entities/Report.md
export const report = z.looseObject({
  id,
  action_taken: z.boolean(),
  action_taken_at: datetime.nullable(),
  category: z.enum(['spam', 'legal', 'violation', 'other']),
  comment: z.string(),
  forwarded: z.boolean(),
  created_at: datetime,
  status_ids: z.array(id).nullable(),
  collection_ids: z.array(id).nullable().optional(), // 4.6
  rule_ids: z.array(id).nullable(),
  target_account: account,
});
