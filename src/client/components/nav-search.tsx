import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SearchIcon } from './icons';
import { SearchForm } from './search-form';

/** Whether a key press is someone typing: `/` then belongs to the field, not to search. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The navbar's search box (docs/web-app.md, "Search"). `/` anywhere but in a field puts the cursor in it. On
 * a phone it is a button that opens the box over the navbar's row.
 */
export function NavSearch() {
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const search = useSearch();
  const current = location === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      setOpen(true);
      // Opened this render on a phone: the box exists on the next frame.
      requestAnimationFrame(() => input.current?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className={`nav-search${open ? ' open' : ''}`}>
      <button
        type="button"
        className="icon-button nav-search-toggle"
        aria-label="Search"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          if (!open) requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <SearchIcon />
      </button>
      <SearchForm
        key={current}
        ref={input}
        initial={current}
        label="Search posts"
        className="nav-search-form"
        onDone={() => setOpen(false)}
      />
    </div>
  );
}
