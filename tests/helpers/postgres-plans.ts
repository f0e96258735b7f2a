import type pg from 'pg';

// For the PostgreSQL plan tests (tests/pg/*-plans.test.ts): which statements a read sends, and their plans.
// The twin of sqlite-plans.ts.

/** A statement as the store sent it; `name` is set for a named (prepared) statement. */
export type Ran = { name?: string; text: string; values: unknown[] };
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  /** How a child feeds its parent: 'Outer' for a scan's input, 'SubPlan' or 'InitPlan' for a filter's. */
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
};

/** Runs `reads` and returns every statement they sent to the pool, with the values it ran with. */
export async function statementsOf(pool: pg.Pool, reads: () => Promise<unknown>): Promise<Ran[]> {
  const patched = pool as { query: unknown };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const seen: Ran[] = [];
  patched.query = (config: string | Ran, values?: unknown[]) => {
    seen.push(typeof config === 'string' ? { text: config, values: values ?? [] } : config);
    return query(config, values);
  };
  try {
    await reads();
  } finally {
    delete patched.query; // back to pg.Pool's own
  }
  return seen;
}

export async function explain(client: pg.PoolClient, text: string, values: unknown[]): Promise<PlanNode> {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (format json) ${text}`,
    values,
  );
  return rows[0]!['QUERY PLAN'][0]!.Plan;
}

/**
 * The plan of a statement for its values, and the generic plan, made without them, that a named statement
 * may switch to after a few runs.
 */
export async function plansOf(client: pg.PoolClient, { text, values }: Ran): Promise<[PlanNode, PlanNode]> {
  const custom = await explain(client, text, values);
  await client.query(`prepare realm_plan as ${text}`);
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    // EXECUTE's arguments are SQL, not bound values: a utility statement takes no parameters.
    const literal = (value: unknown): string =>
      Array.isArray(value)
        ? value.length === 0
          ? "'{}'" // an empty `array[]` has no type; the literal takes the parameter's
          : `array[${value.map(literal).join(', ')}]`
        : value === null
          ? 'null'
          : typeof value === 'string'
            ? client.escapeLiteral(value)
            : String(value);
    return [custom, await explain(client, `execute realm_plan(${values.map(literal).join(', ')})`, [])];
  } finally {
    await client.query('reset plan_cache_mode');
    await client.query('deallocate realm_plan');
  }
}

/** Every node of a plan, its root first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
