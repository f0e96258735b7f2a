import { limits } from './limits.js';
import { usernameKey } from './username-key.js';

// What in a member's text is a mention, a hashtag or a link. One parser for the server (which
// records mentions and tags when text is written) and the web client (which renders them), so both always
// agree. Member text is never HTML: a segment is rendered as text or as a link around text.
//
// - A mention is `@` and a name, where the `@` starts the text or follows a character that is not a letter,
//   digit, `_` or one of `. + - @` (so `jane@example.com` inside a sentence is an email, not a mention of
//   `example.com`). The name is the longest run of letters, digits and `_ . + - @` (usernames may look like
//   emails: `@jane@example.com`), less any trailing characters that are not a letter, digit or `_`, so the
//   full stop of "thanks @jane." is not part of the name. It is matched without regard to case.
// - A hashtag is `#` and a run of Unicode letters, digits and `_` with at least one letter or `_`, where the
//   `#` starts the text or follows a character that is not a letter, digit, `_` or `&`. A tag is compared in
//   its folded form (NFKC, lower case): `#Realm` and `#realm` are one tag.
// - A link is `http://` or `https://` and what follows up to white space, less trailing punctuation and
//   an unbalanced closing bracket.

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'link'; text: string; href: string };

const word = String.raw`\p{L}\p{M}\p{N}_`;
const nameChar = String.raw`[${word}.+\-@]`;
const pattern = new RegExp(
  [
    String.raw`(?<![${word}])(?<link>https?:\/\/[^\s<>"]+)`,
    String.raw`(?<![${word}.+\-@])@(?<mention>[${word}]${nameChar}*)`,
    String.raw`(?<![${word}&])#(?<tag>[${word}]+)`,
  ].join('|'),
  'gu',
);

const trailingNonWord = new RegExp(String.raw`[^${word}]+$`, 'u');
const hasLetter = /[\p{L}\p{M}_]/u;

const onlyWordChars = new RegExp(String.raw`^[${word}]+$`, 'u');

/**
 * The folded form under which a tag is stored and looked up. NFKC spells a few characters out with others a
 * tag cannot hold (`⑴` as `(1)`, `ﷺ` with spaces): such a tag is only lower-cased, so that every key is a tag
 * and its `/tag/:tag` link is one the tag feed accepts.
 */
export function tagKey(tag: string): string {
  const folded = tag.normalize('NFKC').toLowerCase();
  return onlyWordChars.test(folded) ? folded : tag.toLowerCase();
}

/** A link's end, less the punctuation that ends a sentence around it and an unbalanced `)` or `]`. */
function trimLink(link: string): string {
  let end = link.length;
  for (;;) {
    const last = link[end - 1];
    if (last && '.,:;!?\'"'.includes(last)) end--;
    else if (last === ')' && count(link, '(', end) < count(link, ')', end)) end--;
    else if (last === ']' && count(link, '[', end) < count(link, ']', end)) end--;
    else return link.slice(0, end);
  }
}

const count = (text: string, char: string, end: number) => text.slice(0, end).split(char).length - 1;

export function parseRichText(text: string): Segment[] {
  const segments: Segment[] = [];
  let plainFrom = 0;
  const push = (until: number) => {
    if (until > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, until) });
  };
  const scan = new RegExp(pattern);
  for (let match = scan.exec(text); match; match = scan.exec(text)) {
    const at = match.index;
    const { link, mention, tag } = match.groups ?? {};
    let segment: Segment | undefined;
    if (link) {
      const href = trimLink(link);
      // Something must be left after the scheme: `http://x` is a link, a bare `https://` is not.
      if (/^https?:\/\/./.test(href)) segment = { kind: 'link', text: href, href };
    } else if (mention) {
      const name = mention.replace(trailingNonWord, '');
      if (name && name.length <= limits.usernameMax) {
        segment = { kind: 'mention', text: `@${name}`, username: name };
      }
    } else if (tag && tag.length <= limits.tagMax && hasLetter.test(tag)) {
      segment = { kind: 'tag', text: `#${tag}`, tag: tagKey(tag) };
    }
    if (!segment) continue;
    push(at);
    segments.push(segment);
    plainFrom = at + segment.text.length;
    // A trimmed match gives back what it left: the scan goes on from there on its next match.
    if (segment.text.length < match[0].length) scan.lastIndex = plainFrom;
  }
  push(text.length);
  return segments;
}

/** The folded usernames a text mentions (at most `limits.mentionsMax`) and its tags, each once. */
export function mentionsAndTags(text: string): { mentions: string[]; tags: string[] } {
  const mentions = new Set<string>();
  const tags = new Set<string>();
  for (const segment of parseRichText(text)) {
    if (segment.kind === 'mention' && mentions.size < limits.mentionsMax) {
      mentions.add(usernameKey(segment.username));
    }
    if (segment.kind === 'tag' && tags.size < limits.tagsMax) tags.add(segment.tag);
  }
  return { mentions: [...mentions], tags: [...tags] };
}
