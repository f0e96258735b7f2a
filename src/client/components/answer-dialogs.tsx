import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { postCache } from '../lib/post-cache';
import { useMe } from '../lib/session';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import type { PostCard } from '../lib/trpc-types';
import { AnswerPolicyFields } from './answer-policy-fields';
import { Composer } from './composer';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

// The dialogs a card's menu opens about answering (docs/web-app.md, "Quotes and who can answer"); fetched
// the first time one opens (answer-dialogs-loader.tsx).

/** "Quote": the composer, with the quoted post shown under its text box. */
export function QuoteDialog({ post, onClose }: { post: PostCard; onClose: () => void }) {
  const me = useMe();
  const toast = useToast();
  return (
    <Modal title="Quote post" onClose={onClose}>
      <Composer
        me={me}
        quoting={post}
        onPosted={() => {
          onClose();
          toast.info('Your quote is published.');
        }}
      />
    </Modal>
  );
}

/** "Who can answer": the author changes who may comment and quote. */
export function AnswerPolicyDialog({ post, onClose }: { post: PostCard; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [value, setValue] = useState({ commentPolicy: post.commentPolicy, quotePolicy: post.quotePolicy });
  const save = trpc.posts.setPolicy.useMutation({
    onSuccess: (card) => {
      postCache.replace(client, card);
      toast.info('Saved who can answer.');
      onClose();
    },
    onError: (error) => toast.error(`Could not save who can answer: ${errorMessage(error)}`),
  });
  return (
    <Modal title="Who can answer" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ postId: post.id, ...value });
        }}
      >
        <p className="muted">Comments and quotes already written stay.</p>
        <AnswerPolicyFields value={value} onChange={setValue} disabled={save.isPending} />
        <ModalActions onCancel={onClose} submitLabel="Save" disabled={save.isPending} />
      </form>
    </Modal>
  );
}
