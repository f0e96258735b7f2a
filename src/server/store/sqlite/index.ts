import { closeDatabase, gateOf, openDatabase, transaction, type Db } from './client.js';
import { databaseVersion } from './data-version.js';
import { preparedOnce } from './prepared.js';
import { createLiveHub } from '../live-hub.js';
import type { LiveEvent, PushIntent, Reads, Store, Tx } from '../store.js';
import { accountReads, accountWrites } from './account.js';
import { auditWrites } from './audit.js';
import { mentionWrites, notificationWrites, tagWrites } from './conversations.js';
import { answerReads, answerWrites } from './answers.js';
import { interactionReads } from './interactions.js';
import { boostWrites } from './boosts.js';
import { cardReads } from './cards.js';
import { editReads } from './edits.js';
import { counterReads, counterWrites } from './counters.js';
import { clusterRelay } from './cluster-relay.js';
import { fanOutReads } from './fan-out.js';
import { feedReads } from './feeds.js';
import { postSearchReads } from './post-search.js';
import { instanceReads, instanceWrites } from './instance.js';
import { resolveJwtSecret } from './instance-secret.js';
import { inviteReads, inviteWrites } from './invites.js';
import { legacyReads } from './legacy.js';
import { memberReads, memberWrites } from './members.js';
import { moderationReads } from './moderation.js';
import { searchReads } from './search.js';
import { notificationReads } from './notifications.js';
import { oauthReads, oauthWrites } from './oauth.js';
import { secondFactorReads, secondFactorWrites } from './second-factors.js';
import { emailTokenReads, emailTokenWrites, knownDeviceWrites } from './mail-links.js';
import { passkeyReads, passkeyWrites } from './passkeys.js';
import { keptSecret, pushReads, pushWrites } from './push.js';
import { mailReads, mailWrites } from './mail.js';
import { mediaReads, mediaWrites } from './media.js';
import { relationReads, relationWrites } from './relations.js';
import {
  bookmarkWrites,
  commentWrites,
  followWrites,
  postWrites,
  reactionWrites,
  voteWrites,
} from './posts.js';
import { reportWrites } from './reports.js';

/** The SQLite store, with its connection for what only SQLite has (backups, tests of pragmas and plans). */
export type SqliteStore = Store & { engine: 'sqlite'; db: Db };

/**
 * Opens (creating and migrating it if needed) the database file; `:memory:` gives a private one. `cacheKib`:
 * its page cache, from the memory budget.
 */
export function openSqliteStore(file: string, cacheKib?: number): SqliteStore {
  return sqliteStore(openDatabase(file, cacheKib), file);
}

const pingStatement = preparedOnce((db) => db.$client.prepare('select 1'));

/**
 * A store on one better-sqlite3 connection. Its statements run synchronously; a write transaction, though,
 * spans the awaits of the rule that runs it, and other requests' statements on the same connection would
 * run inside it. So the connection has a gate (store/sqlite/client.ts): while a write transaction is open, reads wait
 * for it to end (microseconds: its awaits resolve at once), and writes queue one behind the other.
 */
export function sqliteStore(db: Db, file = ':memory:'): SqliteStore {
  const members = { ...memberReads(db), ...memberWrites(db) };
  const posts = postWrites(db);
  const hub = createLiveHub();
  const relay = clusterRelay(hub); // to and from the other workers, if this process is one
  // The gate runs one write transaction at a time, so one list holds the events of the one that is open.
  let emitted: LiveEvent[] = [];
  let pushes: PushIntent[] = [];
  const pushHub = new Set<(intents: PushIntent[]) => void>();
  let released: string[] = [];
  const mediaHub = new Set<(keys: string[]) => void>();
  let mailQueued = { mail: false };
  const mailHub = new Set<() => void>();
  const tx: Tx = {
    audit: auditWrites(db),
    instance: { ...instanceReads(db), ...instanceWrites(db) },
    invites: { ...inviteReads(db), ...inviteWrites(db) },
    account: { ...accountReads(db), ...accountWrites(db) },
    reports: reportWrites(db),
    moderation: moderationReads(db),
    members,
    posts: { ...posts, find: posts.lock },
    reactions: reactionWrites(db),
    comments: commentWrites(db),
    votes: voteWrites(db),
    bookmarks: bookmarkWrites(db),
    boosts: boostWrites(db),
    follows: followWrites(db),
    tags: tagWrites(db),
    mentions: mentionWrites(db),
    notifications: { ...notificationReads(db), ...notificationWrites(db) },
    relations: { ...relationReads(db), ...relationWrites(db) },
    push: { ...pushReads(db), ...pushWrites(db, () => pushes) },
    live: { emit: (event) => void emitted.push(event) },
    counters: { ...counterReads(db), ...counterWrites(db) },
    media: { ...mediaReads(db), ...mediaWrites(db, () => released) },
    answers: { ...answerReads(db), ...answerWrites(db) },
    interactions: interactionReads(db),
    oauth: { ...oauthReads(db), ...oauthWrites(db) },
    mail: { ...mailReads(db), ...mailWrites(db, () => (mailQueued.mail = true)) },
    secondFactors: { ...secondFactorReads(db), ...secondFactorWrites(db) },
    passkeys: { ...passkeyReads(db), ...passkeyWrites(db) },
    emailTokens: { ...emailTokenReads(db), ...emailTokenWrites(db) },
    knownDevices: knownDeviceWrites(db),
    feeds: feedReads(db),
    search: { ...searchReads(db), ...postSearchReads(db) },
    cards: cardReads(db),
    edits: editReads(db),
    legacy: legacyReads(db),
    fanOut: fanOutReads(db),
    version: async () => databaseVersion(db),
  };
  const gate = gateOf(db);
  const read: Reads = {
    members: gate.guard(memberReads(db)),
    posts: gate.guard({ find: posts.lock }),
    feeds: gate.guard(tx.feeds),
    search: gate.guard(tx.search),
    cards: gate.guard(tx.cards),
    edits: gate.guard(tx.edits),
    legacy: gate.guard(tx.legacy),
    notifications: gate.guard(notificationReads(db)),
    counters: gate.guard(counterReads(db)),
    fanOut: gate.guard(tx.fanOut),
    instance: gate.guard(instanceReads(db)),
    invites: gate.guard(inviteReads(db)),
    account: gate.guard(accountReads(db)),
    moderation: gate.guard(tx.moderation),
    relations: gate.guard(relationReads(db)),
    push: gate.guard(pushReads(db)),
    media: gate.guard(mediaReads(db)),
    answers: gate.guard(answerReads(db)),
    interactions: gate.guard(tx.interactions),
    oauth: gate.guard(oauthReads(db)),
    mail: gate.guard(mailReads(db)),
    secondFactors: gate.guard(secondFactorReads(db)),
    passkeys: gate.guard(passkeyReads(db)),
    emailTokens: gate.guard(emailTokenReads(db)),
    ...gate.guard({ version: tx.version }),
  };
  return {
    engine: 'sqlite',
    db,
    read,
    async write(work) {
      const events: LiveEvent[] = [];
      const queued: PushIntent[] = [];
      const keys: string[] = [];
      const mail = { mail: false };
      const result = await transaction(
        db,
        () => ((emitted = events), (pushes = queued), (released = keys), (mailQueued = mail), work(tx)),
      );
      hub.deliver(events);
      relay.send(events);
      if (queued.length > 0) for (const listener of pushHub) listener(queued);
      if (keys.length > 0) for (const listener of mediaHub) listener(keys);
      if (mail.mail) for (const listener of mailHub) listener();
      return result;
    },
    exclusively: (work) => work(),
    tokenSecret: async (configured) => resolveJwtSecret(configured, file),
    onPush(listener) {
      pushHub.add(listener);
      return () => pushHub.delete(listener);
    },
    onMediaReleased(listener) {
      mediaHub.add(listener);
      return () => mediaHub.delete(listener);
    },
    onMailQueued(listener) {
      mailHub.add(listener);
      return () => mailHub.delete(listener);
    },
    secret: gate.guard({ secret: async (name: string, make: () => string) => keptSecret(db, name, make) })
      .secret,
    ping: gate.guard({ ping: async () => void pingStatement(db).get() }).ping,
    subscribe: hub.subscribe,
    liveReady: async () => {},
    close: async () => {
      relay.close();
      closeDatabase(db);
    },
  };
}
