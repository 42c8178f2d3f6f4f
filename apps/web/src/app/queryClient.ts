import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: every failed call already shows its notice (spec §7), and a retry would show it again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
