import { peopleLookupInput, tagLookupInput } from '../../../shared/lookup-schemas.js';
import { searchPeople } from '../../domain/search-people.js';
import { searchTags } from '../../domain/search-tags.js';
import { protectedProcedure, router } from '../init.js';

// Finding people and tags by what they start with (docs/search-people-and-tags.md): the /search page's
// People and Tags tabs, and the composer's `@` and `#` suggestions.
export const searchRouter = router({
  people: protectedProcedure
    .input(peopleLookupInput)
    .query(({ ctx, input }) => searchPeople(ctx.store, ctx.actor.id, input)),
  tags: protectedProcedure.input(tagLookupInput).query(({ ctx, input }) => searchTags(ctx.store, input)),
});
