import { publicUserJson } from './columns.js';

// What a card says about who may answer its post and the post it quotes, as ../sqlite/answer-cards.ts
// writes it: the same keys and values, one more nested object per card in the same statement.

/** `p` is the card's post, `viewer` the reader's parameter, `hidden` whose posts the reader does not see. */
export function answerCardFields(viewer: string, hidden: string, isoTime: (ms: string) => string) {
  const follows = (follower: string, followee: string) =>
    `exists (select 1 from follows where follower_id = ${follower} and followee_id = ${followee})`;
  const mayComment = `coalesce(p.author_id = ${viewer} or (${viewer} is not null and (p.comment_policy = 'everyone'
    or (p.comment_policy = 'following' and ${follows('p.author_id', viewer)})
    or (p.comment_policy = 'mentioned'
        and exists (select 1 from post_mentions where post_id = p.id and user_id = ${viewer})))), false)`;
  const mayQuote = `coalesce(p.author_id = ${viewer} or (${viewer} is not null and (p.quote_policy = 'everyone'
    or (p.quote_policy = 'followers' and ${follows(viewer, 'p.author_id')}))), false)`;
  const picture = `(select json_build_object('id', m.id, 'url', '/media/' || m.large_key,
      'previewUrl', '/media/' || m.preview_key, 'width', m.width, 'height', m.height,
      'previewWidth', m.preview_width, 'previewHeight', m.preview_height, 'placeholder', m.placeholder,
      'alt', m.alt)
    from media m where m.post_id = q.id order by m.position limit 1)`;
  const quoted = `(select json_build_object('unavailable', false, 'id', q.id, 'author', ${publicUserJson('qu')},
      'content', q.content, 'createdAt', ${isoTime('q.created_at')}, 'picture', ${picture},
      'quotesAPost', q.is_quote = 1)
    from posts q join users qu on qu.id = q.author_id
    where q.id = p.quote_of_id and q.author_id <> all (${hidden}))`;
  return `'commentPolicy', p.comment_policy, 'quotePolicy', p.quote_policy,
  'mayComment', ${mayComment}, 'mayQuote', ${mayQuote},
  'quote', case when p.is_quote = 0 then null else coalesce(${quoted}, '{"unavailable":true}'::json) end`;
}
