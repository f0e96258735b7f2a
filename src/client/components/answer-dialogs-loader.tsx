import { lazy, Suspense } from 'react';
import type { PostCard } from '../lib/trpc-types';

const dialogs = () => import('./answer-dialogs');
const Quote = lazy(async () => ({ default: (await dialogs()).QuoteDialog }));
const Policy = lazy(async () => ({ default: (await dialogs()).AnswerPolicyDialog }));

/** "Quote" or "Who can answer", fetched the first time a member opens one; nothing shows while it loads. */
export function LazyAnswerDialog({
  kind,
  post,
  onClose,
}: {
  kind: 'quote' | 'policy';
  post: PostCard;
  onClose: () => void;
}) {
  const Dialog = kind === 'quote' ? Quote : Policy;
  return (
    <Suspense fallback={null}>
      <Dialog post={post} onClose={onClose} />
    </Suspense>
  );
}
