import type { Db } from './client.js';
import { auditLog } from './schema.js';
import type { Writes } from '../store.js';

export function auditWrites(db: Db): Writes['audit'] {
  return {
    add: async (entry) => void db.insert(auditLog).values(entry).run(),
  };
}
