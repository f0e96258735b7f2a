import { describe, expect, it } from 'vitest';
import { html, link } from '../../src/server/mail/templates/html.js';
import { testMail } from '../../src/server/mail/templates/test-mail.js';

describe('mail templates', () => {
  it('escape every value put into their HTML, and keep the markup of nested templates', () => {
    const name = `<img src=x onerror="alert('hi')"> & Co`;
    expect(html`<p>${name}</p>`.markup).toBe(
      '<p>&lt;img src=x onerror=&quot;alert(&#39;hi&#39;)&quot;&gt; &amp; Co</p>',
    );
    expect(html`<p>${html`<b>${name}</b>`}, ${[1, ' < ', 2]}</p>`.markup).toBe(
      '<p><b>&lt;img src=x onerror=&quot;alert(&#39;hi&#39;)&quot;&gt; &amp; Co</b>, 1 &lt; 2</p>',
    );
  });

  it('link only to http(s) addresses, the address escaped as an attribute', () => {
    expect(link('https://realm.example/?a=1&b="2"', 'here').markup).toBe(
      '<a href="https://realm.example/?a=1&amp;b=&quot;2&quot;">here</a>',
    );
    expect(() => link('javascript:alert(1)', 'here')).toThrow('http(s)');
  });

  it('build links on REALM_PUBLIC_URL, and carry none when it is unset', () => {
    const withOrigin = testMail({ instanceName: 'Realm', publicOrigin: 'https://realm.example' });
    expect(withOrigin.text).toContain('The instance: https://realm.example/');
    expect(withOrigin.html).toContain('<a href="https://realm.example/">');
    const without = testMail({ instanceName: 'Realm', publicOrigin: undefined });
    expect(without.text).not.toContain('http');
    expect(without.html).not.toContain('<a ');
    expect(without.subject).toBe('Test mail from Realm');
  });
});
