import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/store/sqlite/schema.ts',
  out: './migrations',
});
