import { routes } from '@kestrel/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../app/api';

export const demoKeys = { summary: ['demo', 'summary'] as const };

/** Demo accounts and their activity in the last 24 hours, counted apart from real activity. */
export function useDemoSummary() {
  return useQuery({ queryKey: demoKeys.summary, queryFn: () => client.call(routes.getDemoSummary) });
}
