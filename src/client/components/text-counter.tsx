/**
 * How long a text is as the server counts it: it trims the text, then counts UTF-16 code units (zod's
 * `.trim().max()`, shared/schemas.ts), so a member is never told a text fits that the server refuses.
 */
export const countedLength = (text: string) => text.trim().length;

/** Whether a text is within its limit as the server counts it. */
export const fits = (text: string, max: number) => countedLength(text) <= max;

/**
 * The one counter under every text with a limit (docs/web-app.md, "Writing"): members may type past the
 * limit; the counter says how many characters are left, or how far over in red with the word "over" (not
 * colour alone), and the form's button stays disabled until the text fits. `from` leaves it out until that
 * few characters are left, for one-line boxes where a counter would be noise.
 */
export function TextCounter({
  id,
  text,
  max,
  from,
}: {
  id?: string;
  text: string;
  max: number;
  from?: number;
}) {
  const left = max - countedLength(text);
  if (from !== undefined && left > from) return null;
  const over = left < 0;
  return (
    <span id={id} className={`counter${over ? ' over' : left < 20 ? ' warn' : ''}`} aria-live="polite">
      {over ? (
        <>
          <span aria-hidden="true">{-left} over</span>
          <span className="visually-hidden">
            {-left === 1 ? '1 character' : `${-left} characters`} over the limit of {max}
          </span>
        </>
      ) : (
        `${left} ${left === 1 ? 'character' : 'characters'} left`
      )}
    </span>
  );
}
