import type { Page } from 'playwright-core';

/** A finger's size (WCAG 2.5.5, Apple's and Android's guidance): 44 x 44 CSS px. */
export const fingerPx = 44;

/**
 * Every visible control on the page smaller than a finger, described for the failure message. Controls are
 * buttons, inputs, selects, textareas, tabs, menu items and links that stand alone (a link laid out as a
 * box: a button-like link, a tab, a row, a chip).
 *
 * The exceptions, and why:
 * - links laid out inline (`display: inline`) are words inside a sentence (a mention, a #tag or a link in a
 *   post, a bio or a comment; a post's time; a comment's author): WCAG 2.5.8 exempts inline targets, and
 *   growing them would space the text apart;
 * - a checkbox or radio is measured with its label, since a tap on the label works the control;
 * - a visually hidden control (1 x 1 px, its visible label takes the tap) is not a target.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls =
      'button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="menuitem"], a[href]';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(controls)) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      let box = element.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue;
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') continue;
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        for (const label of element.labels ?? []) {
          const l = label.getBoundingClientRect();
          const left = Math.min(box.left, l.left);
          const top = Math.min(box.top, l.top);
          box = new DOMRect(
            left,
            top,
            Math.max(box.right, l.right) - left,
            Math.max(box.bottom, l.bottom) - top,
          );
        }
      }
      // Half a pixel of rounding: 2.75rem lays out as 44 px, sometimes 43.99.
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent?.trim() ||
          element.getAttribute('placeholder') ||
          element.getAttribute('name') ||
          '');
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      small.push(`${role} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, fingerPx);
}

/** Whether the page scrolls sideways (the layout is wider than the screen). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
