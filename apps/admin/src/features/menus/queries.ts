import { type AdminMenuEntry, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const menuKeys = {
  all: ['menus'] as const,
  list: () => ['menus', 'list'] as const,
};

/** The whole menu list, hidden entries and every title included. */
export function useAdminMenu() {
  return useQuery({ queryKey: menuKeys.list(), queryFn: () => client.call(routes.getAdminMenu) });
}

/**
 * Saves the whole list. Quiet: a refusal names its entry (`ApiError.field`), and the editor shows it there rather
 * than at the top of the page.
 */
export function useSaveAdminMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: AdminMenuEntry[]) =>
      client.call(routes.saveAdminMenu, { body: { entries } }, { quiet: true }),
    onSuccess: (saved) => queryClient.setQueryData(menuKeys.list(), saved),
  });
}
