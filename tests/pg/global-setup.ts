import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../helpers/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One PostgreSQL for the run, with the migrated template each test clones (tests/helpers/postgres.ts). */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  project.provide('postgresAdminUrl', postgres.adminUrl);
  return () => postgres.stop();
}
