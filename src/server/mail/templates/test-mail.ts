import type { MailContent } from '../../domain/mail.js';
import { html, link } from './html.js';
import { layout, linkOn, type MailContext } from './layout.js';

/** `realm admin mail-test`: a mail that says the settings work, with a link to the instance when known. */
export function testMail(context: MailContext): MailContent {
  const home = linkOn(context, '/');
  const intro = `This is a test mail from ${context.instanceName}, sent by realm admin mail-test.`;
  const works =
    'It arrived, so the instance can send mail: password resets and confirmations will reach people.';
  return layout(context, `Test mail from ${context.instanceName}`, {
    text: [intro, works, ...(home ? [`The instance: ${home}`] : [])],
    html: [html`${intro}`, html`${works}`, ...(home ? [html`The instance: ${link(home, home)}`] : [])],
  });
}
