import type { Suggestions } from '../lib/use-suggestions';
import { PersonSummary } from './person-row';
import { TagSummary } from './tag-row';
import '../lookup.css';

/**
 * The listbox of the composer's suggestions, laid over what follows the text box (so nothing moves when
 * it opens). Always in the page, hidden when empty, so the box's aria-controls names an element. A click
 * picks without taking the focus from the text box. The status line tells a screen reader the list opened.
 */
export function SuggestionList({ suggestions }: { suggestions: Suggestions }) {
  const { typing, open, options, active, listId, optionId, pick } = suggestions;
  const label = options[0]?.kind === 'tag' ? 'Tags' : 'People';
  const count =
    options.length === 1
      ? `1 ${label === 'Tags' ? 'tag' : 'person'}`
      : `${options.length} ${label.toLowerCase()}`;
  return (
    <>
      {typing && (
        <span role="status" className="visually-hidden">
          {open ? `${count} suggested: arrows to choose, Enter to insert, Escape to close.` : ''}
        </span>
      )}
      <ul id={listId} role="listbox" aria-label={label} className="suggestions" hidden={!open}>
        {options.map((option, i) => (
          <li
            key={option.kind === 'person' ? option.person.id : option.tag.tag}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {option.kind === 'person' ? (
              <PersonSummary person={option.person} size={28} />
            ) : (
              <TagSummary tag={option.tag} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
