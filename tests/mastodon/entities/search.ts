import { z } from 'zod';
import { account } from './account.js';
import { status } from './status.js';
import { tag } from './tag.js';

// entities/Search.md: the answer of GET /api/v2/search.
export const search = z.looseObject({
  accounts: z.array(account),
  statuses: z.array(status),
  hashtags: z.array(tag),
});
