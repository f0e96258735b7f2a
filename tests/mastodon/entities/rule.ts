import { z } from 'zod';
import { id } from './common.js';

// entities/Rule.md
export const rule = z.looseObject({
  id,
  text: z.string(),
  hint: z.string(), // 4.3
  translations: z.record(z.string(), z.looseObject({ text: z.string(), hint: z.string() })), // 4.4
});
