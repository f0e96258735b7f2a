import type { CreateReportInput } from '../../shared/community-schemas.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notBuilt } from './not-built.js';

/** Any active member, about content they can see or a member; never about themselves. */
export async function createReport(
  _store: Store,
  _actor: Actor,
  _input: CreateReportInput,
): Promise<{ id: string }> {
  return notBuilt('createReport');
}
