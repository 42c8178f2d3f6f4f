import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';

/** One page of a list: its items and the cursor of the page after it, null on the last. */
export type CursorPage<Item> = { items: Item[]; next: string | null };

/** The pages of a list loaded so far, as cached; the first page's cursor is ''. */
export type CursorPages<Item> = InfiniteData<CursorPage<Item>, string>;

export type CursorPagesQuery<Item> = UseInfiniteQueryResult<CursorPages<Item>, Error>;

/**
 * A list read a page at a time: `read` asks for the page at `cursor`, '' for the first, and each page names the
 * cursor of the next. Refreshing or invalidating `queryKey` reads the pages loaded so far again.
 */
export function useCursorPages<Item>({
  read,
  ...options
}: {
  queryKey: QueryKey;
  read: (cursor: string) => Promise<CursorPage<Item>>;
  enabled?: boolean;
  staleTime?: number;
}): CursorPagesQuery<Item> {
  return useInfiniteQuery({
    ...options,
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Every item of the pages loaded so far, in order. */
export function loadedItems<Item>(list: CursorPagesQuery<Item>): Item[] {
  return list.data?.pages.flatMap((page) => page.items) ?? [];
}
