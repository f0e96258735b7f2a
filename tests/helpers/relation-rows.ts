// For the query-plan tests: blocks and mutes enough that a planner weighs reading them by index (a table of a
// few pages is scanned, whatever its indexes), on either engine. Each member mutes 8 members and blocks 8
// others, picked by the order of ids; the members named in `spare` are in none of them.

/** Runs one statement with PostgreSQL's `$1` placeholders (TestApp.sql, or a pool's query). */
type Run = (text: string, values?: unknown[]) => Promise<unknown>;

const tables = [
  ['mutes', 'muter_id', 'muted_id', [3, 5, 11, 13, 29, 31, 41, 43]],
  ['blocks', 'blocker_id', 'blocked_id', [7, 17, 19, 23, 37, 47, 53, 59]],
] as const;

export async function addSomeRelations(run: Run, spare: string[] = []): Promise<void> {
  for (const [table, from, to, steps] of tables) {
    for (const step of steps) {
      await run(
        `insert into ${table} (${from}, ${to}, created_at)
         select id, other, 1 from (select id, lead(id, ${step}) over (order by id) as other from users) as r
         where other is not null`,
      );
    }
    for (const id of spare) await run(`delete from ${table} where ${from} = $1 or ${to} = $1`, [id]);
  }
}
