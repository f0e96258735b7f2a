// How search folds text (docs/search.md): in its own module, without zod, so the web app's first bundle
// can mark found words (client/lib/highlight.ts) without the query parser's schemas.

/** Lower case without accents, as both engines' indexes fold text (`ß` and other letters stay themselves). */
export const foldForSearch = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
