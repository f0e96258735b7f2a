import { trpc } from '../lib/trpc';
import { useLoadMore } from '../lib/use-load-more';
import { PersonRow } from './person-row';
import { TagRow } from './tag-row';

/** The lookup procedures take a prefix of at most this many characters (shared/lookup-schemas.ts). */
const prefixOf = (q: string) => q.slice(0, 100);

/** /search's People tab: members whose names start with `q`, most-followed first, in pages of 20. */
export function PeopleResults({ q }: { q: string }) {
  const people = trpc.search.people.useInfiniteQuery(
    { q: prefixOf(q) },
    { getNextPageParam: (page) => page.nextCursor, retry: false },
  );
  const sentinel = useLoadMore(people);
  if (people.isPending) return <p className="card empty">Searching…</p>;
  if (people.isError)
    return (
      <p className="card empty" role="alert">
        {people.error.message}
      </p>
    );
  const found = people.data.pages.flatMap((page) => page.items);
  if (found.length === 0) return <p className="card empty">No one’s name starts with “{q}”.</p>;
  return (
    <>
      <ul className="card found-list" aria-label={`People matching ${q}`}>
        {found.map((person) => (
          <PersonRow key={person.id} person={person} />
        ))}
      </ul>
      <div ref={sentinel} />
    </>
  );
}

/** /search's Tags tab: tags that start with `q`, most used this week first. */
export function TagResults({ q }: { q: string }) {
  const tags = trpc.search.tags.useQuery({ q: prefixOf(q) }, { retry: false });
  if (tags.isPending) return <p className="card empty">Searching…</p>;
  if (tags.isError)
    return (
      <p className="card empty" role="alert">
        {tags.error.message}
      </p>
    );
  if (tags.data.length === 0) return <p className="card empty">No tag starts with “{q}”.</p>;
  return (
    <ul className="card found-list" aria-label={`Tags matching ${q}`}>
      {tags.data.map((tag) => (
        <TagRow key={tag.tag} tag={tag} />
      ))}
    </ul>
  );
}
