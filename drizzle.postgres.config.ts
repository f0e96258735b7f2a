import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes both engines' migrations: SQLite's (drizzle.config.ts) and these.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/store/postgres/schema.ts',
  out: './migrations/postgres',
});
