/**
 * Settings for every connection of the PostgreSQL store: `new pg.Pool({ ..., options: sessionOptions })`.
 *
 * `jit=off`: PostgreSQL (15, built with LLVM, as Debian's is) compiles a statement whose estimated cost passes
 * `jit_above_cost`, anew at each execution. The legacy lists' statements (legacy-json.ts) nest many small
 * subqueries whose costs add up past it: 600 posts as JSON took 3562 ms with JIT and 223 ms without, and a
 * slice of 100 posts 2 to 3 s. Realm's statements are short; none gains from compiling.
 */
export const sessionOptions = '-c jit=off';
