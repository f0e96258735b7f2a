import { loadConfig } from '../config.js';
import { closeDatabase, openDatabase } from './client.js';

// `npm run db:migrate`: applies the committed migrations to REALM_DB (start does the same by itself).
try {
  const config = loadConfig();
  closeDatabase(openDatabase(config.dbPath));
  console.log(`Migrated ${config.dbPath}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
