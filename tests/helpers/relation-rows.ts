// Issue 17's plan tests: blocks and mutes enough that a planner weighs reading them by index (an empty table
// is scanned, whatever its indexes), on either engine. Each member mutes the member 3 places after them in
// the order of ids and blocks the one 7 places after; the members named in `spare` are in none of them.

/** Runs one statement with PostgreSQL's `$1` placeholders (TestApp.sql, or a pool's query). */
type Run = (text: string, values?: unknown[]) => Promise<unknown>;

const tables = [
  ['mutes', 'muter_id', 'muted_id', 3],
  ['blocks', 'blocker_id', 'blocked_id', 7],
] as const;

export async function addSomeRelations(run: Run, spare: string[] = []): Promise<void> {
  for (const [table, from, to, step] of tables) {
    await run(
      `insert into ${table} (${from}, ${to}, created_at)
       select id, other, 1 from (select id, lead(id, ${step}) over (order by id) as other from users) as r
       where other is not null`,
    );
    for (const id of spare) await run(`delete from ${table} where ${from} = $1 or ${to} = $1`, [id]);
  }
}
