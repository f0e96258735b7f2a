import type { LiveEvent } from '../store.js';
import type { Queryable } from './queryable.js';
import { writeStatement } from './statement.js';

// PostgreSQL carries the live events between nodes: NOTIFY inside the transaction that caused them, which
// PostgreSQL delivers to every LISTEN connection only if and when it commits (live-listener.ts).

export const liveChannel = 'realm_live';

/** PostgreSQL refuses a payload of 8,000 bytes or more; a transaction's events are split well below. */
const maxPayloadBytes = 7000;

/** What one NOTIFY carries: ids only, and the node that sent it (which delivered them itself). */
type Payload = { node: string; events: LiveEvent[] };

export function livePayloads(node: string, events: readonly LiveEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  const head = `{"node":${JSON.stringify(node)},"events":[`;
  const flush = () => {
    if (batch.length > 0) payloads.push(`${head}${batch.join(',')}]}`);
    batch = [];
    bytes = Buffer.byteLength(head) + 2;
  };
  flush();
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    if (bytes + size > maxPayloadBytes) flush();
    batch.push(json);
    bytes += size;
  }
  flush();
  return payloads;
}

export function parsePayload(text: string): Payload | undefined {
  try {
    const payload = JSON.parse(text) as Payload;
    return typeof payload.node === 'string' && Array.isArray(payload.events) ? payload : undefined;
  } catch {
    return undefined;
  }
}

const notify = writeStatement('live-notify', `select pg_notify('${liveChannel}', $1)`);

/** Called last in a transaction, before COMMIT: usually one statement, more only past 7,000 bytes. */
export async function notifyLive(db: Queryable, node: string, events: readonly LiveEvent[]): Promise<void> {
  for (const payload of livePayloads(node, events)) await notify(db, [payload]);
}
