// Keeps the README and docs/ honest: relative links and #anchors resolve, the README stays a short front
// door that reaches every page, and no page sends a reader to an issue tracker they cannot open.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const pages = ['README.md', ...markdownUnder('docs')];
const read = (page: string) => readFileSync(join(root, page), 'utf8');

/** Fenced code blocks (also indented under a list item) hold neither headings nor links. */
const withoutFences = (text: string) => text.replace(/^ *(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ *\1[`~]* *$/gm, '');

/** Neither does inline code; it is dropped, so `[the `x` page](y)` stays a link. */
const withoutCode = (text: string) => withoutFences(text).replace(/(`+)[\s\S]*?\1/g, '');

/** GitHub's anchor for a heading: lowercase, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page has; a repeated heading gets `-1`, `-2`... as on GitHub. */
function anchors(page: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading = ''] of withoutFences(read(page)).matchAll(/^#{1,6}[ \t]+(.*?)[ \t#]*$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The destinations of a page's links, inline (`[text](dest)`) and by reference (`[name]: dest`). */
function links(page: string): string[] {
  const text = withoutCode(read(page));
  const inline = [...text.matchAll(/\[[^\]]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)];
  return [...inline, ...references].map((match) => match[1] ?? '');
}

const external = /^(https?:|mailto:)/i;

/** What is wrong with one link of a page, or nothing. */
function brokenLink(page: string, destination: string): string | undefined {
  if (external.test(destination)) return undefined;
  const [path = '', anchor] = destination.split('#');
  const target = path === '' ? join(root, page) : resolve(root, dirname(page), decodeURI(path));
  const name = relative(root, target);
  if (name.startsWith('..') || !existsSync(target)) return `${destination}: no such file in the repository`;
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md')) return `${destination}: an #anchor on a file that is not markdown`;
  if (!anchors(name).has(anchor)) return `${destination}: ${name} has no heading with that anchor`;
  return undefined;
}

describe('the documentation', () => {
  it.each(pages)('%s: every relative link and #anchor resolves', (page) => {
    const broken = links(page).flatMap((destination) => brokenLink(page, destination) ?? []);
    expect(broken).toEqual([]);
  });

  it('README.md is a short front door: under 200 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThan(200);
  });

  it('README.md links to every page in docs/', () => {
    const linked = new Set(
      links('README.md').map((destination) => resolve(root, destination.split('#')[0]!)),
    );
    const topLevel = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    expect(topLevel.filter((name) => !linked.has(join(root, 'docs', name)))).toEqual([]);
  });

  it.each(pages)('%s names no issue of our tracker (owner/repo#123 is fine)', (page) => {
    const named = read(page)
      .split('\n')
      .map((line, index) => ({ line: index + 1, text: line.replace(/[\w.-]+\/[\w.-]+#\d+/g, '') }))
      .filter(({ text }) => /\bissues? #?\d+/i.test(text))
      .map(({ line, text }) => `line ${line}: ${text.trim()}`);
    expect(named).toEqual([]);
  });
});
