import {
  ADMIN_PAGE_SIZE,
  type AdminLoginBody,
  type CreateAdminBody,
  routes,
  type UpdateAdminBody,
  type UpdateSettingsBody,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../app/api';
import { getToken } from './storage';

/** One query module for the admin API: the calls, their cache keys, and what a change makes stale. */
export const keys = {
  me: ['me'] as const,
  users: (q: string, page: number) => ['users', q, page] as const,
  user: (id: number) => ['user', id] as const,
  outbox: (q: string, page: number) => ['outbox', q, page] as const,
  audit: (filter: AuditFilter, page: number) => ['audit', filter, page] as const,
  admins: ['admins'] as const,
  settings: ['settings'] as const,
};

export type AuditFilter = { adminId: string; action: string; q: string };

export const login = (body: AdminLoginBody) =>
  // Quiet: the login screen shows the failure itself, and a "TOTP needed" answer is a step, not an error.
  client.call(routes.adminLogin, { body }, { quiet: true });
export const logout = () => client.call(routes.adminLogout, {}, { quiet: true });
export const setUpTotp = () => client.call(routes.setupAdminTotp);
export const enableTotp = (code: string) => client.call(routes.enableAdminTotp, { body: { code } });

export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: () => client.call(routes.getAdminMe),
    // Without a token the console shows its login; asking would only produce a 401 notice.
    enabled: Boolean(getToken()),
  });
}

export function useUsers(q: string, page: number) {
  return useQuery({
    queryKey: keys.users(q, page),
    // The table keeps the last page while the next loads, instead of blinking to empty.
    placeholderData: keepPreviousData,
    queryFn: () => client.call(routes.searchUsers, { query: { q, page, pageSize: ADMIN_PAGE_SIZE } }),
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: keys.user(id),
    queryFn: () => client.call(routes.getUserDetail, { params: { id } }),
  });
}

export type UserAction =
  | { kind: 'freeze' | 'unfreeze' | 'revokeSessions'; reason: string }
  | { kind: 'creditScore'; score: number; reason: string };

const ACTION_ROUTES = {
  freeze: routes.freezeUser,
  unfreeze: routes.unfreezeUser,
  revokeSessions: routes.revokeUserSessions,
} as const;

export function useUserAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) =>
      action.kind === 'creditScore'
        ? client.call(routes.setUserCreditScore, {
            params: { id },
            body: { score: action.score, reason: action.reason },
          })
        : client.call(ACTION_ROUTES[action.kind], { params: { id }, body: { reason: action.reason } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.user(id) });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useOutbox(q: string, page: number) {
  return useQuery({
    queryKey: keys.outbox(q, page),
    placeholderData: keepPreviousData,
    queryFn: () => client.call(routes.searchOutbox, { query: { q, page, pageSize: ADMIN_PAGE_SIZE } }),
  });
}

export function useAudit(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: keys.audit(filter, page),
    placeholderData: keepPreviousData,
    queryFn: () => client.call(routes.searchAudit, { query: { ...filter, page, pageSize: ADMIN_PAGE_SIZE } }),
  });
}

export function useAdmins(enabled = true) {
  return useQuery({ queryKey: keys.admins, queryFn: () => client.call(routes.listAdmins), enabled });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => client.call(routes.createAdmin, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.admins }),
  });
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAdminBody & { id: number }) =>
      client.call(routes.updateAdmin, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.admins }),
  });
}

/** Forgets another admin's lost authenticator; the server also ends that admin's sessions. */
export function useResetAdminTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      client.call(routes.resetAdminTotp, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.admins }),
  });
}

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: () => client.call(routes.getAdminSettings) });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => client.call(routes.updateAdminSettings, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.settings }),
  });
}
