import { forwardRef, useState } from 'react';
import { useLocation } from 'wouter';
import { limits } from '../../shared/limits';
import { SearchIcon } from './icons';

/** The kinds of result /search lists, each a tab (pages/search-page.tsx). */
export type SearchType = 'posts' | 'people' | 'tags';

/** The path of a search for `q` (pages/search-page.tsx), on its Posts tab unless another is named. */
export const searchPath = (q: string, type: SearchType = 'posts') =>
  `/search?q=${encodeURIComponent(q.trim())}${type === 'posts' ? '' : `&type=${type}`}`;

/** A search box that opens /search?q=... (the navbar's, and the search page's own). */
export const SearchForm = forwardRef<
  HTMLInputElement,
  { initial?: string; label: string; className?: string; type?: SearchType; onDone?: () => void }
>(function SearchForm({ initial = '', label, className, type, onDone }, ref) {
  const [q, setQ] = useState(initial);
  const [, navigate] = useLocation();
  return (
    <form
      role="search"
      aria-label={label}
      className={`search-form ${className ?? ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (q.trim() === '') return;
        navigate(searchPath(q, type));
        onDone?.();
      }}
    >
      <input
        ref={ref}
        type="search"
        name="q"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone?.();
        }}
        placeholder={type === 'people' ? 'Search people' : type === 'tags' ? 'Search tags' : 'Search posts'}
        aria-label={label}
        maxLength={limits.searchQueryMax}
        enterKeyHint="search"
      />
      <button type="submit" className="icon-button" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
});
