import { useSearchParams } from 'react-router';

/** A list's search text and page, kept in the address so that Back and a shared link return to the same page. */
export function useListParams(names: string[] = ['q']) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? '']));
  return {
    page,
    values,
    setPage: (next: number) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
    /** A new filter starts again at page 1. */
    setValues: (next: Record<string, string>) =>
      setParams(() => {
        const fresh = new URLSearchParams();
        for (const [name, value] of Object.entries(next)) if (value) fresh.set(name, value);
        return fresh;
      }),
  };
}
