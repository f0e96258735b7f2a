import { loadConfig } from '../src/server/config.js';
import { closeDatabase, openDatabase } from '../src/server/db/client.js';
import { runSeed } from './seed.js';

// `npm run db:seed`: migrates REALM_DB and adds whatever of the seed is missing. Fails loudly.
try {
  const config = loadConfig();
  const db = openDatabase(config.dbPath);
  const added = await runSeed(db);
  closeDatabase(db);
  console.log(`Seeded ${config.dbPath}: ${added.members} members and ${added.posts} posts added.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
