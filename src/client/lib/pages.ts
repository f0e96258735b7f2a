/**
 * The items of loaded pages, in order, each once. A page continues below the sort key of the last item
 * shown, and a Trending key (likes plus comments) can change between two pages: a post unliked after the
 * first page was loaded is below that key and comes again on the next one. It keeps its first place.
 */
export function itemsOfPages<Item extends { id: string }>(
  pages: readonly { items: readonly Item[] }[],
): Item[] {
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
