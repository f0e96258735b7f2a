import { peopleLookupInput, tagLookupInput } from '../../../shared/lookup-schemas.js';
import { searchPeople } from '../../domain/search-people.js';
import { searchTags } from '../../domain/search-tags.js';
import { publicProcedure, router } from '../init.js';

// Finding people and tags by what they start with (docs/search-people-and-tags.md): the /search page's
// People and Tags tabs, and the composer's `@` and `#` suggestions.
export const searchRouter = router({
  people: publicProcedure
    .input(peopleLookupInput)
    .query(({ ctx, input }) => searchPeople(ctx.store, ctx.viewerId, input)),
  tags: publicProcedure.input(tagLookupInput).query(({ ctx, input }) => searchTags(ctx.store, input)),
});
