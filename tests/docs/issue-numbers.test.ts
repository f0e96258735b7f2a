// A reader of the repository cannot open our issue tracker: code, tests and scripts say the reason itself,
// or point at a page under docs/ (the pages are held to the same rule in links.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folders = ['src', 'tests', 'seed', 'scripts', '.ci'];
const textFiles = new Set(['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.html', '.json', '.md', '.sh']);

/** The word "issue" or "issues" followed by a number, with or without "#", in any case; owner/repo#123 is fine. */
const namesAnIssue = (line: string) => /\bissues? #?\d+/i.test(line.replace(/[\w.-]+\/[\w.-]+#\d+/g, ''));

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && textFiles.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length));
}

it('no comment, test title or script names an issue of our tracker', () => {
  const named = folders
    .flatMap(filesUnder)
    .filter((file) => file !== 'tests/docs/issue-numbers.test.ts')
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (namesAnIssue(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
  expect(named).toEqual([]);
});
