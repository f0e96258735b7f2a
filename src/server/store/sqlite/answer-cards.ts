import { publicUserJson } from './columns.js';

// What a card says about who may answer its post and the post it quotes (domain/quote-views.ts), as fields
// of cards.ts's statement: the quoted post is one more nested object per card, read by the posts' key, so a
// page stays one statement (docs/decisions/0010-quotes-and-answer-policies.md).

/** `p` is the card's post, `viewer` the reader's parameter, `hidden` whose posts the reader does not see. */
export function answerCardFields(viewer: string, hidden: string, isoTime: (ms: string) => string) {
  const jsonBool = (condition: string) => `json(iif(${condition}, 'true', 'false'))`;
  const follows = (follower: string, followee: string) =>
    `exists (select 1 from follows where follower_id = ${follower} and followee_id = ${followee})`;
  // Each a primary-key lookup, asked only for the policy that needs it.
  const mayComment = `p.author_id = ${viewer} or (${viewer} is not null and (p.comment_policy = 'everyone'
    or (p.comment_policy = 'following' and ${follows('p.author_id', viewer)})
    or (p.comment_policy = 'mentioned'
        and exists (select 1 from post_mentions where post_id = p.id and user_id = ${viewer}))))`;
  const mayQuote = `p.author_id = ${viewer} or (${viewer} is not null and (p.quote_policy = 'everyone'
    or (p.quote_policy = 'followers' and ${follows(viewer, 'p.author_id')})))`;
  // Its first picture, from media_post_idx.
  const picture = `(select json_object('id', m.id, 'url', '/media/' || m.large_key,
      'previewUrl', '/media/' || m.preview_key, 'width', m.width, 'height', m.height,
      'previewWidth', m.preview_width, 'previewHeight', m.preview_height, 'placeholder', m.placeholder,
      'alt', m.alt)
    from media m where m.post_id = q.id order by m.position limit 1)`;
  // Deleted (quote_of_id set null) or by an author hidden from the reader: unavailable.
  const quoted = `(select json_object('unavailable', json('false'), 'id', q.id, 'author', ${publicUserJson('qu')},
      'content', q.content, 'createdAt', ${isoTime('q.created_at')}, 'picture', json(${picture}),
      'quotesAPost', ${jsonBool('q.is_quote = 1')})
    from posts q join users qu on qu.id = q.author_id
    where q.id = p.quote_of_id and q.author_id not in (${hidden}))`;
  return `'commentPolicy', p.comment_policy, 'quotePolicy', p.quote_policy,
  'mayComment', ${jsonBool(mayComment)}, 'mayQuote', ${jsonBool(mayQuote)},
  'quote', iif(p.is_quote = 0, null, json(coalesce(${quoted}, '{"unavailable":true}')))`;
}
