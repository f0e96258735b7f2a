import { describe, expect, it } from 'vitest';
import { contentHtml } from '../../../src/server/mastodon/content-html.js';

const origin = 'https://realm.example';
const html = (text: string, mentions: string[] = []) => contentHtml(text, { origin, mentions });

describe('content HTML as Mastodon writes it', () => {
  it('is empty for blank text', () => {
    expect(html('')).toBe('');
    expect(html('  \n ')).toBe('');
  });

  it('puts paragraphs at blank lines and <br /> at single line breaks', () => {
    expect(html('one\ntwo\n\nthree')).toBe('<p>one<br />two</p><p>three</p>');
    expect(html('a\r\n\r\n\r\nb')).toBe('<p>a</p><p>b</p>');
  });

  it('escapes the text: member text is never HTML', () => {
    expect(html(`<script>alert("x")</script> & 'q'`)).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>',
    );
  });

  it('links a mention of a member who exists, with the name as the account spells it', () => {
    expect(html('hi @Jane!', ['jane'])).toBe(
      '<p>hi <span class="h-card" translate="no"><a href="https://realm.example/profile/jane" ' +
        'class="u-url mention">@<span>jane</span></a></span>!</p>',
    );
  });

  it('leaves a mention of nobody as text', () => {
    expect(html('hi @nobody', [])).toBe('<p>hi @nobody</p>');
  });

  it('encodes an email-like username in the address of its profile', () => {
    const out = html('@Jane+x@example.com.', ['jane+x@example.com']);
    expect(out).toContain('href="https://realm.example/profile/jane%2Bx%40example.com"');
    expect(out).toContain('@<span>jane+x@example.com</span></a></span>.</p>');
  });

  it('links a hashtag to its page, as written, by its folded name', () => {
    expect(html('#Realm rocks')).toBe(
      '<p><a href="https://realm.example/tag/realm" class="mention hashtag" rel="tag">#<span>Realm</span></a> rocks</p>',
    );
  });

  it('links a URL with the scheme hidden, as Mastodon shows it', () => {
    expect(html('see https://www.example.com/a?b=1&c=2.')).toBe(
      '<p>see <a href="https://www.example.com/a?b=1&amp;c=2" target="_blank" rel="nofollow noopener" ' +
        'translate="no"><span class="invisible">https://www.</span><span class="">example.com/a?b=1&amp;c=2</span>' +
        '<span class="invisible"></span></a>.</p>',
    );
  });

  it('cuts a long URL to 30 characters with an ellipsis, the rest hidden', () => {
    const link = 'http://example.com/a/very/long/path/that/goes/on';
    const out = html(link);
    expect(out).toContain('<span class="invisible">http://</span>');
    expect(out).toContain('<span class="ellipsis">example.com/a/very/long/path/t</span>');
    expect(out).toContain('<span class="invisible">hat/goes/on</span>');
  });

  it('marks everything in one text', () => {
    const out = html('@jane look #garden\nhttps://x.org', ['jane']);
    expect(out.startsWith('<p><span class="h-card"')).toBe(true);
    expect(out).toContain('class="mention hashtag"');
    expect(out).toContain('<br /><a href="https://x.org"');
  });
});
