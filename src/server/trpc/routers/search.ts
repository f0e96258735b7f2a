import { searchInput } from '../../../shared/schemas.js';
import { searchPosts } from '../../domain/search.js';
import { publicProcedure, router } from '../init.js';

// Search (docs/search.md). Visitors may search where they may read explore: the same procedure guards both.
export const searchRouter = router({
  posts: publicProcedure
    .input(searchInput)
    .query(({ ctx, input }) => searchPosts(ctx.store, ctx.viewerId, input)),
});
