// HTML for mail, written so that escaping is the default: every value put into an `html` template is
// escaped unless it is itself `html` made by a template. A member's name, a post's text, a link: each is
// data, never markup.

/** Markup a template made: put into another template as it is. */
export class Html {
  constructor(readonly markup: string) {}
  toString() {
    return this.markup;
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

type Value = string | number | Html | readonly Value[];

const render = (value: Value): string =>
  value instanceof Html
    ? value.markup
    : Array.isArray(value)
      ? value.map(render).join('')
      : escapeHtml(String(value as string | number));

/** `html\`<p>${name}</p>\``: the values escaped, nested templates kept. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  return new Html(strings.reduce((out, part, i) => out + render(values[i - 1]!) + part));
}

/**
 * A link, its address escaped as an attribute. Only http(s) addresses: a template is never handed a
 * `javascript:` link to put in a mail.
 */
export function link(href: string, label: Value): Html {
  if (!/^https?:\/\//i.test(href)) throw new Error('A mail links only to http(s) addresses');
  return html`<a href="${href}">${label}</a>`;
}
