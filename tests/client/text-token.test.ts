import { describe, expect, it } from 'vitest';
import { replaceToken, tokenAt } from '../../src/client/lib/text-token.js';
import { parseRichText } from '../../src/shared/rich-text.js';

// What the composer's suggestions read at the caret (src/client/lib/text-token.ts), and what picking one
// writes: the same mentions and tags that shared/rich-text.ts then finds in the post.

const at = (text: string) => tokenAt(text, text.length);

describe('the token at the caret', () => {
  it('is a mention or a tag being typed, where rich text would read one', () => {
    expect(at('Hello @ja')).toEqual({ sign: '@', text: 'ja', start: 6, end: 9 });
    expect(at('@Émi')).toEqual({ sign: '@', text: 'Émi', start: 0, end: 4 });
    expect(at('see #Rea')).toEqual({ sign: '#', text: 'Rea', start: 4, end: 8 });
    expect(at('(#tag')).toMatchObject({ sign: '#', text: 'tag' });
    // Usernames may look like emails.
    expect(at('cc @jane@exa')).toMatchObject({ sign: '@', text: 'jane@exa' });
  });

  it('is nothing after a bare sign, inside a word or an email, or once a space follows', () => {
    expect(at('Hello @')).toBeNull();
    expect(at('mail me at jane@exa')).toBeNull();
    expect(at('AT&T#1')).toBeNull();
    expect(at('Hello @jane ')).toBeNull();
    expect(at('#tag-')).toBeNull();
    expect(tokenAt('Hello @jane and more', 11)).toMatchObject({ text: 'jane', start: 6, end: 11 });
  });
});

describe('picking a suggestion', () => {
  it('replaces what was typed with the sign, the name and one space, and puts the caret after it', () => {
    const text = 'Hi @gr there';
    const token = tokenAt(text, 6)!;
    expect(replaceToken(text, token, 'grace.hopper')).toEqual({ value: 'Hi @grace.hopper there', caret: 17 });
    const end = 'Tagged #re';
    expect(replaceToken(end, at(end)!, 'realm')).toEqual({ value: 'Tagged #realm ', caret: 14 });
  });

  it('writes a mention and a tag that rich text reads back as such', () => {
    const first = replaceToken('@ja', at('@ja')!, 'jane@example.com');
    const both = replaceToken(`${first.value}#ca`, at(`${first.value}#ca`)!, 'café');
    const kinds = parseRichText(both.value).filter((segment) => segment.kind !== 'text');
    expect(kinds).toEqual([
      { kind: 'mention', text: '@jane@example.com', username: 'jane@example.com' },
      { kind: 'tag', text: '#café', tag: 'café' },
    ]);
  });
});
