import { describe, expect, it } from 'vitest';
import { mentionsAndTags, parseRichText, tagKey, type Segment } from '../../src/shared/rich-text.js';

// What a mention, a hashtag and a link are (src/shared/rich-text.ts), the one parser the server
// records with and the client renders with.

const text = (value: string): Segment => ({ kind: 'text', text: value });
const mention = (username: string): Segment => ({ kind: 'mention', text: `@${username}`, username });
const tag = (written: string): Segment => ({ kind: 'tag', text: `#${written}`, tag: tagKey(written) });
const link = (href: string): Segment => ({ kind: 'link', text: href, href });

/** The segments joined give back the text: nothing is lost or added. */
function parsed(value: string) {
  const segments = parseRichText(value);
  expect(segments.map((segment) => segment.text).join('')).toBe(value);
  return segments;
}

describe('mentions', () => {
  it('take usernames that look like emails whole', () => {
    expect(parsed('hi @jane@example.com, how?')).toEqual([
      text('hi '),
      mention('jane@example.com'),
      text(', how?'),
    ]);
    expect(parsed('@jane.doe+realm@mail.example.org')).toEqual([mention('jane.doe+realm@mail.example.org')]);
  });

  it('leave trailing punctuation out of the name', () => {
    expect(parsed('thanks @jane.')).toEqual([text('thanks '), mention('jane'), text('.')]);
    expect(parsed('@jane@example.com!!')).toEqual([mention('jane@example.com'), text('!!')]);
    expect(parsed('(@kenji), @amara-')).toEqual([
      text('('),
      mention('kenji'),
      text('), '),
      mention('amara'),
      text('-'),
    ]);
    expect(parsed('@under_score_')).toEqual([mention('under_score_')]);
    expect(parsed('@Zoë’s')).toEqual([mention('Zoë'), text('’s')]);
  });

  it('are not emails, nor an @ inside a word or after another @', () => {
    expect(parsed('mail jane@example.com now')).toEqual([text('mail jane@example.com now')]);
    for (const value of ['a@jane', 'x.@jane', '@@jane', '@ jane', '@']) {
      expect(parsed(value), value).toEqual([text(value)]);
    }
  });

  it('are folded and counted once for recording', () => {
    expect(mentionsAndTags('@Jane @JANE @ｊａｎｅ @kenji.').mentions).toEqual(['jane', 'kenji']);
  });
});

describe('hashtags', () => {
  it('are letters, digits and underscores in any script, folded for their feed', () => {
    expect(parsed('#東京 #café #Ελλάδα #день #day_1 #_')).toEqual([
      tag('東京'),
      text(' '),
      tag('café'),
      text(' '),
      tag('Ελλάδα'),
      text(' '),
      tag('день'),
      text(' '),
      tag('day_1'),
      text(' '),
      tag('_'),
    ]);
    expect(mentionsAndTags('#Realm #realm #ＲＥＡＬＭ #Ελλάδα').tags).toEqual(['realm', 'ελλάδα']);
  });

  it('fold to a key that is itself a tag, even where NFKC would spell a character out', () => {
    for (const written of ['Realm', 'Ｒｅａｌｍ', 'day⑴', 'ﷺ', 'Ａ①']) {
      const [segment] = parsed(`#${written}`);
      expect(segment, written).toMatchObject({ kind: 'tag', text: `#${written}` });
      const key = (segment as { tag: string }).tag;
      expect(parsed(`#${key}`), written).toEqual([{ kind: 'tag', text: `#${key}`, tag: key }]);
    }
    expect(tagKey('Ａ①')).toBe('a1');
    expect(tagKey('day⑴')).toBe('day⑴');
  });

  it('need a letter or underscore: #1 and #2026 are not tags, #2026realm is', () => {
    expect(parsed('#1 and #2026')).toEqual([text('#1 and #2026')]);
    expect(parsed('#2026realm')).toEqual([tag('2026realm')]);
  });

  it('start at a word boundary and stop at punctuation', () => {
    expect(parsed('word#tag &#39; #a#b')).toEqual([text('word#tag &#39; '), tag('a'), text('#b')]);
    expect(parsed('(#realm).')).toEqual([text('('), tag('realm'), text(').')]);
  });
});

describe('links', () => {
  it('are http(s) URLs up to white space, less trailing punctuation', () => {
    expect(parsed('go to https://example.com/path?q=1, ok')).toEqual([
      text('go to '),
      link('https://example.com/path?q=1'),
      text(', ok'),
    ]);
    expect(parsed('see http://x.example.org/a.')).toEqual([
      text('see '),
      link('http://x.example.org/a'),
      text('.'),
    ]);
    expect(parsed('http://x')).toEqual([link('http://x')]);
    expect(parsed('https://example.com/#not-a-tag @jane')).toEqual([
      link('https://example.com/#not-a-tag'),
      text(' '),
      mention('jane'),
    ]);
  });

  it('keep balanced parentheses and leave an unbalanced closing one out', () => {
    expect(parsed('https://en.wikipedia.org/wiki/Realm_(disambiguation)')).toEqual([
      link('https://en.wikipedia.org/wiki/Realm_(disambiguation)'),
    ]);
    expect(parsed('(see https://example.com/x).')).toEqual([
      text('(see '),
      link('https://example.com/x'),
      text(').'),
    ]);
    expect(parsed('[a](https://example.com/a)')).toEqual([
      text('[a]('),
      link('https://example.com/a'),
      text(')'),
    ]);
  });

  it('are never javascript:, data: or a bare scheme', () => {
    for (const value of [
      'javascript:alert(1)',
      'JAVASCRIPT://example.com/%0aalert(1)',
      'data:text/html,<b>x</b>',
      'https://',
      'http://.',
      'xhttps://example.com',
    ]) {
      expect(parsed(value), value).toEqual([text(value)]);
    }
    for (const segment of parseRichText('javascript:https://example.com <https://a.example/"x">')) {
      if (segment.kind === 'link') expect(segment.href).toMatch(/^https:\/\/[^<>"]+$/);
    }
  });
});
