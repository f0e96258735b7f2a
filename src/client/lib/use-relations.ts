import { session } from './session';
import { useToast } from './toast';
import { errorMessage, trpc } from './trpc';

export type RelationAction = 'block' | 'unblock' | 'mute' | 'unmute';

const done: Record<RelationAction, string> = {
  block: 'Blocked',
  unblock: 'Unblocked',
  mute: 'Muted',
  unmute: 'Unmuted',
};

/**
 * Block, unblock, mute and unmute a member. Afterwards everything that may show them is read
 * again, so a blocked or muted member leaves every feed, the post pages and the notifications at once.
 */
export function useRelations() {
  const utils = trpc.useUtils();
  const toast = useToast();
  const refresh = async () => {
    await Promise.all([
      utils.relations.invalidate(),
      utils.users.invalidate(),
      utils.posts.invalidate(),
      utils.comments.invalidate(),
      utils.notifications.invalidate(),
      utils.bookmarks.invalidate(),
    ]);
    // A block removes follows both ways: the stored user's counts change too.
    await utils.users.me.fetch().then(session.setUser, () => undefined);
  };
  const options = (action: RelationAction) => ({
    onSuccess: async (_: unknown, { username }: { username: string }) => {
      toast.info(`${done[action]} @${username}`);
      await refresh();
    },
    onError: (error: unknown, { username }: { username: string }) =>
      toast.error(`Could not ${action} @${username}: ${errorMessage(error)}`),
  });
  const mutations = {
    block: trpc.relations.block.useMutation(options('block')),
    unblock: trpc.relations.unblock.useMutation(options('unblock')),
    mute: trpc.relations.mute.useMutation(options('mute')),
    unmute: trpc.relations.unmute.useMutation(options('unmute')),
  };
  return {
    run: (action: RelationAction, username: string) => mutations[action].mutateAsync({ username }),
    busy: Object.values(mutations).some((mutation) => mutation.isPending),
  };
}
