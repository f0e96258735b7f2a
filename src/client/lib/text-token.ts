// What the member is typing at the caret: `@` and the start of a name, or `#` and the start of a tag, as
// shared/rich-text.ts will read them once posted (the same characters may precede and make up each).

export type TextToken = { sign: '@' | '#'; text: string; start: number; end: number };

const word = String.raw`\p{L}\p{M}\p{N}_`;
const mention = new RegExp(String.raw`(?<![${word}.+\-@])@([${word}][${word}.+\-@]*)$`, 'u');
const hashtag = new RegExp(String.raw`(?<![${word}&])#([${word}]+)$`, 'u');

/** The mention or tag that ends at `caret`, or null; `start` is where its sign is. At most 100 characters. */
export function tokenAt(value: string, caret: number): TextToken | null {
  const before = value.slice(0, caret);
  const match = mention.exec(before) ?? hashtag.exec(before);
  if (!match || match[1]!.length > 100) return null;
  const sign = match[0][0] as '@' | '#';
  return { sign, text: match[1]!, start: caret - match[0].length, end: caret };
}

/** The value with the token replaced by `sign + chosen` and one space, and where the caret goes after it. */
export function replaceToken(value: string, token: TextToken, chosen: string) {
  const inserted = `${token.sign}${chosen} `;
  const after = value.slice(token.end).replace(/^ /, '');
  return { value: value.slice(0, token.start) + inserted + after, caret: token.start + inserted.length };
}
