import { createContext, useContext, useMemo } from 'react';
import { Link } from 'wouter';
import { parseRichText, type Segment } from '../../shared/rich-text';
import { usernameKey } from '../../shared/username-key';
import { highlightPieces } from '../lib/highlight';
import { profilePath, tagPath } from '../lib/paths';
// The styles of what members write and read: direction, the counter, a comment just sent (docs/web-app.md).
import '../writing.css';

/**
 * docs/web-app.md, "Mentions, hashtags and links": a link in member text opens elsewhere and vouches for
 * nothing.
 */
const linkRel = 'nofollow noopener ugc';

/**
 * The words a search found (pages/search-page.tsx), marked in the posts' text below it. Only a post's own
 * text asks for them (post-card.tsx), not its comments.
 */
export const HighlightContext = createContext<readonly string[]>([]);
export const useHighlight = () => useContext(HighlightContext);

/** Plain text with the found words in <mark>; still text, never HTML. */
function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  if (terms.length === 0) return text;
  return highlightPieces(text, terms).map((piece, i) =>
    piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text,
  );
}

/** The mentioned members who exist, by folded name, each with the username as their account spells it. */
type Members = ReadonlyMap<string, string>;

function Piece({
  segment,
  members,
  terms,
}: {
  segment: Segment;
  members: Members;
  terms: readonly string[];
}) {
  switch (segment.kind) {
    case 'mention': {
      // Only a member who exists gets a link: "@nobody" would lead to an empty profile.
      const username = members.get(usernameKey(segment.username));
      return username === undefined ? (
        <bdi>{segment.text}</bdi>
      ) : (
        <Link href={profilePath(username)} className="mention" dir="auto">
          {segment.text}
        </Link>
      );
    }
    case 'tag':
      return (
        <Link href={tagPath(segment.tag)} className="hashtag" dir="auto">
          {segment.text}
        </Link>
      );
    case 'link':
      // The parser only ever yields http(s) links; anything else stays text.
      return /^https?:\/\//i.test(segment.href) ? (
        <a href={segment.href} rel={linkRel} target="_blank" dir="auto">
          {segment.text}
        </a>
      ) : (
        segment.text
      );
    default:
      return <Marked text={segment.text} terms={terms} />;
  }
}

/**
 * A post's, a comment's or a bio's text: mentions of existing members, hashtags and http(s) URLs become
 * links, everything else is text. Member text is never HTML: React puts every piece in as text.
 *
 * Direction (docs/web-app.md, "Writing"): the element holding the text carries `dir="auto"`, so Arabic or
 * Hebrew text reads right to left from its first strong letter; each mention, tag and link is isolated
 * (`dir="auto"` on it, or `<bdi>`), so "@jane" or "#realm" inside Arabic keeps its own order and does not
 * drag the punctuation around it to the wrong side.
 */
export function RichText({
  text,
  mentions,
  highlight = [],
}: {
  text: string;
  mentions: readonly string[];
  /** Words to mark (a search's), in the text between mentions, tags and links. */
  highlight?: readonly string[];
}) {
  const segments = useMemo(() => parseRichText(text), [text]);
  const members = useMemo(() => new Map(mentions.map((name) => [usernameKey(name), name])), [mentions]);
  return (
    <>
      {segments.map((segment, index) => (
        <Piece key={index} segment={segment} members={members} terms={highlight} />
      ))}
    </>
  );
}
