import type { MailContent } from '../../domain/mail.js';
import { html, type Html } from './html.js';

// What every mail shares: the instance it is from, a plain-text part that reads well on its own (many read
// mail as text), and a small HTML part without images, scripts or remote styles, which mail apps block.

/** What a template is given besides its own data: which instance sends it, and where it is. */
export type MailContext = {
  /** The instance's name, as its settings give it: an admin typed it, so it is data like any other. */
  instanceName: string;
  /** REALM_PUBLIC_URL's origin; unset, a mail carries no link (a link built on a Host header may lie). */
  publicOrigin: string | undefined;
};

/** The instance's address plus `path`, or undefined when REALM_PUBLIC_URL is unset. */
export function linkOn(context: MailContext, path: string): string | undefined {
  return context.publicOrigin === undefined ? undefined : new URL(path, context.publicOrigin).href;
}

/** One mail: the subject, the text's paragraphs, and the same paragraphs as HTML. */
export function layout(
  context: MailContext,
  subject: string,
  parts: { text: string[]; html: Html[] },
): MailContent {
  const footer = `${context.instanceName}${context.publicOrigin ? ` (${context.publicOrigin})` : ''}`;
  const text = [...parts.text, '--', footer].join('\n\n') + '\n';
  const body = html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body style="font-family: sans-serif; line-height: 1.5; max-width: 36em">
        ${parts.html.map((part) => html`<p>${part}</p> `)}
        <p style="color: #666">${footer}</p>
      </body>
    </html> `;
  return { subject, text, html: body.markup };
}
