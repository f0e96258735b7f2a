import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Dependencies point one way: http (src/server/*.ts) -> adapters (rest, trpc, live) -> domain -> store, with
// src/shared below them all and below the client. Read from the source: every `import ... from` and
// `export ... from` of the .ts and .tsx files under src/ and seed/, relative paths resolved.

const root = resolve(import.meta.dirname, '../..');

type Import = { from: string; to: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Between the keyword and `from` come only names, braces, commas, `*`, `as` and `type`, so a match never
// reaches into the code or the comments that follow. Only `import type` and `export type` are type-only.
const importPattern = /^(import|export)\s+(type\s+)?[\w\s{},*$]*?\bfrom\s*'([^']+)'/gm;
/** Relative, naming a .js file (the server's `./x.js`) or no extension (the client's `./x`): not .css, .json. */
const sourceSpecifier = /^\.[^]*\/([^.]+|[^/]+\.js)$/;

/** The file a specifier names: `./x.js` is x.ts or x.tsx, and so is the client's `./x`. */
function resolveSpecifier(from: string, specifier: string): string {
  const base = join(dirname(from), specifier).replace(/\.js$/, '');
  const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) =>
    existsSync(join(root, path)),
  );
  if (!found) throw new Error(`${from}: no file for '${specifier}'`);
  return found;
}

const files = [...sourceFiles('src'), ...sourceFiles('seed')];
const imports: Import[] = files.flatMap((from) =>
  [...readFileSync(join(root, from), 'utf8').matchAll(importPattern)]
    .filter(([, , , specifier]) => sourceSpecifier.test(specifier!))
    .map(([, , type, specifier]) => ({
      from,
      to: resolveSpecifier(from, specifier!),
      typeOnly: type !== undefined,
    })),
);

const under =
  (...folders: string[]) =>
  (file: string) =>
    folders.some((folder) => file.startsWith(`${folder}/`));
const store = under('src/server/store');
const domain = under('src/server/domain');
const shared = under('src/shared');
const client = under('src/client');
const seed = under('seed');
/** The process's settings and paths, which import nothing of the server: the store reads them. */
const basics = ['src/server/config.ts', 'src/server/paths.ts', 'src/server/memory-budget.ts'];

/** The imports from `from` files that `allowed` refuses, as "from -> to" lines. */
function breaking(from: (file: string) => boolean, allowed: (i: Import) => boolean): string[] {
  return imports.filter((i) => from(i.from) && !allowed(i)).map((i) => `${i.from} -> ${i.to}`);
}

/** One cycle of the imports given, as its files in import order (the first again at the end), if any. */
function findCycle(edges: Import[]): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    path.push(file);
    for (const to of next.get(file) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const file of next.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('imports', () => {
  it('are read from every source file', () => {
    expect(files).toContain('src/server/store/store.ts');
    expect(imports).toContainEqual({
      from: 'src/server/domain/posts.ts',
      to: 'src/server/store/store.ts',
      typeOnly: true,
    });
  });

  // A type-only import is gone once compiled, so it cannot make modules load in a circle; the rules below
  // keep the types pointing one way across layers.
  it('make no cycle among the server and seed files', () => {
    const server = under('src/server', 'seed');
    expect(findCycle(imports.filter((i) => !i.typeOnly && server(i.from) && server(i.to)))).toBeUndefined();
  });

  it('from the store reach only the store, src/shared and the basics (config.ts, paths.ts, memory-budget.ts)', () => {
    expect(breaking(store, (i) => store(i.to) || shared(i.to) || basics.includes(i.to))).toEqual([]);
  });

  it('from the domain reach only the domain, the store and src/shared', () => {
    expect(breaking(domain, (i) => domain(i.to) || store(i.to) || shared(i.to))).toEqual([]);
  });

  it('from src/shared reach only src/shared', () => {
    expect(breaking(shared, (i) => shared(i.to))).toEqual([]);
  });

  it('from the client reach the server for types only: the tRPC router and the API shapes', () => {
    const apiTypes = ['src/server/trpc/root.ts', 'src/server/domain/views.ts'];
    const allowed = (i: Import) => client(i.to) || shared(i.to) || (i.typeOnly && apiTypes.includes(i.to));
    expect(breaking(client, allowed)).toEqual([]);
  });

  it("from the server reach the client only through the drawing of a page's first screen (src/client/ssr)", () => {
    const ssr = under('src/client/ssr');
    expect(breaking(under('src/server'), (i) => !client(i.to) || ssr(i.to))).toEqual([]);
  });

  it('reach seed/ only from seed/ and the two that load the demo: start.ts and `realm seed`', () => {
    const loaders = ['src/server/start.ts', 'src/cli/database.ts'];
    expect(breaking(under('src'), (i) => !seed(i.to) || loaders.includes(i.from))).toEqual([]);
  });
});
