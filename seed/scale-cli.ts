import { parseArgs } from 'node:util';
import { closeDatabase, openDatabase } from '../src/server/store/sqlite/client.js';
import { generateScale, scalePassword, scaleUsername } from './scale.js';

// `npm run seed:scale -- --db PATH --users N --posts M [--seed S]`: a large instance for benchmarks.
try {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      users: { type: 'string', default: '10000' },
      posts: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '2026' },
    },
  });
  if (!values.db)
    throw new Error('Usage: npm run seed:scale -- --db PATH [--users N] [--posts M] [--seed S]');
  const users = Number(values.users);
  const posts = Number(values.posts);
  if (!Number.isInteger(users) || users < 2 || !Number.isInteger(posts) || posts < 1) {
    throw new Error('--users must be a whole number of at least 2, and --posts at least 1.');
  }
  const db = openDatabase(values.db);
  const report = await generateScale(db, { users, posts, seed: Number(values.seed) }, (line) =>
    console.log(`  ${line}`),
  );
  closeDatabase(db);
  console.log(
    `Wrote ${Object.entries(report.rows)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ')} in ${report.seconds.toFixed(1)} s (${report.rowsPerSecond} rows/s) to ${values.db}.`,
  );
  console.log(`Every member, e.g. ${scaleUsername(0)}, has the password ${scalePassword}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
