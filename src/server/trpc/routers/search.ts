import { peopleLookupInput, tagLookupInput } from '../../../shared/lookup-schemas.js';
import { searchInput } from '../../../shared/schemas.js';
import { searchPosts } from '../../domain/search.js';
import { searchPeople } from '../../domain/search-people.js';
import { searchTags } from '../../domain/search-tags.js';
import { protectedProcedure, publicProcedure, router } from '../init.js';

// Search (docs/search.md): posts by their words, for visitors where they may read explore (the same
// procedure guards both); people and tags by what they start with (docs/search-people-and-tags.md), for
// the /search page's People and Tags tabs and the composer's `@` and `#` suggestions.
export const searchRouter = router({
  posts: publicProcedure
    .input(searchInput)
    .query(({ ctx, input }) => searchPosts(ctx.store, ctx.viewerId, input)),
  people: protectedProcedure
    .input(peopleLookupInput)
    .query(({ ctx, input }) => searchPeople(ctx.store, ctx.actor.id, input)),
  tags: protectedProcedure.input(tagLookupInput).query(({ ctx, input }) => searchTags(ctx.store, input)),
});
