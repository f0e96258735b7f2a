import type pg from 'pg';

/** Where a PostgreSQL store's statements run: the pool (reads), or one transaction's client (writes). */
export type Queryable = pg.Pool | pg.PoolClient;
