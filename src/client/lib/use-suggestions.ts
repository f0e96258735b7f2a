import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { trpc } from './trpc';
import type { RouterOutputs } from './trpc-types';
import { replaceToken, tokenAt, type TextToken } from './text-token';
import { useDebounced } from './use-debounced';

// The composer's `@` and `#` suggestions (docs/web-app.md): a listbox over the text box, after WAI-ARIA
// 1.2's combobox pattern. The box keeps the focus; aria-activedescendant names the option the arrows are on.
// The box keeps its own role, textbox: ARIA's combobox is one line of text, and a textarea made one loses
// being multi-line to screen readers; aria-expanded is not a textbox's attribute, so aria-haspopup says a
// list may open and a status line says when it has.

type Person = RouterOutputs['search']['people']['items'][number];
type Tag = RouterOutputs['search']['tags'][number];
export type Suggestion = { kind: 'person'; person: Person } | { kind: 'tag'; tag: Tag };

/** How many suggestions show, and how long typing must pause before they are asked for. */
const shown = 6;
const pauseMs = 150;

const sameToken = (a: TextToken | null, b: TextToken | null) =>
  !!a && !!b && a.sign === b.sign && a.text === b.text && a.start === b.start;

const insertedText = (option: Suggestion) =>
  option.kind === 'person' ? option.person.username : option.tag.tag;

/** What the list needs of the suggestions, whichever box they are for. */
export type Suggestions = Pick<
  ReturnType<typeof useSuggestions>,
  'typing' | 'open' | 'options' | 'active' | 'listId' | 'optionId' | 'pick'
>;

export function useSuggestions<E extends HTMLTextAreaElement | HTMLInputElement>(
  value: string,
  setValue: (value: string) => void,
) {
  const ref = useRef<E>(null);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The token Escape closed the list on: it stays closed until the member types on or moves elsewhere.
  const [dismissed, setDismissed] = useState<TextToken | null>(null);
  const token = caret === null ? null : tokenAt(value, caret);
  const asked = useDebounced(token, pauseMs);
  const people = trpc.search.people.useQuery(
    { q: asked?.text ?? '', limit: shown },
    { enabled: asked?.sign === '@', staleTime: 30_000 },
  );
  const tags = trpc.search.tags.useQuery(
    { q: asked?.text ?? '', limit: shown },
    { enabled: asked?.sign === '#', staleTime: 30_000 },
  );
  // Only the answer for what is typed now: an earlier prefix's answer, arriving late, is never shown.
  const current = sameToken(token, asked) && !sameToken(token, dismissed);
  const options: Suggestion[] = !current
    ? []
    : token!.sign === '@'
      ? (people.data?.items ?? []).map((person) => ({ kind: 'person', person }))
      : (tags.data ?? []).map((tag) => ({ kind: 'tag', tag }));
  const open = options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => setActive(0), [token?.sign, token?.text, token?.start]);

  const pick = (option: Suggestion) => {
    if (!token) return;
    const next = replaceToken(value, token, insertedText(option));
    setValue(next.value);
    setCaret(next.caret);
    // After React has put the new value in the box.
    requestAnimationFrame(() => ref.current?.setSelectionRange(next.caret, next.caret));
  };

  const onKeyDown = (event: KeyboardEvent<E>) => {
    if (!open) return;
    const chosen = options[Math.min(active, options.length - 1)];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && chosen) {
      event.preventDefault();
      pick(chosen);
    } else if (event.key === 'Escape') {
      // Closes the list, not the dialog around the composer.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(token);
    }
  };

  // The caret alone, not a selection: typing over a selection suggests nothing.
  const follow = (target: E) =>
    setCaret(target.selectionStart === target.selectionEnd ? target.selectionStart : null);

  return {
    ref,
    /** Whether the caret is in the box: its status line is in the page only then (one on a page of cards). */
    typing: caret !== null,
    open,
    options,
    active: Math.min(active, options.length - 1),
    listId,
    optionId,
    pick,
    /** What the text box needs: its ARIA attributes and the handlers that follow the caret. */
    boxProps: {
      'aria-autocomplete': 'list' as const,
      'aria-haspopup': 'listbox' as const,
      'aria-controls': listId,
      'aria-activedescendant': open ? optionId(Math.min(active, options.length - 1)) : undefined,
      onKeyDown,
      onSelect: (event: { currentTarget: E }) => follow(event.currentTarget),
      onInput: (event: { currentTarget: E }) => follow(event.currentTarget),
      onBlur: () => setCaret(null),
    },
  };
}
