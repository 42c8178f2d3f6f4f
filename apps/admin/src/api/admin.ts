import {
  ADMIN_PAGE_SIZE,
  type AdminLoginBody,
  type AdminLoginResult,
  type AdminOutboxItem,
  type AdminPage,
  type AdminSettings,
  type AdminSummary,
  type AdminUserDetail,
  type AdminUserSummary,
  type AuditEntry,
  type CreateAdminBody,
  type TotpSetupResult,
  type UpdateAdminBody,
  type UpdateSettingsBody,
} from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api';
import { query } from './client';
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
  api.post<AdminLoginResult>('/auth/login', body, { quiet: true });
export const logout = () => api.post<null>('/auth/logout', undefined, { quiet: true });
export const setUpTotp = () => api.post<TotpSetupResult>('/totp/setup');
export const enableTotp = (code: string) => api.post<unknown>('/totp/enable', { code });

export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: () => api.get<AdminSummary>('/me'),
    // Without a token the console shows its login; asking would only produce a 401 notice.
    enabled: Boolean(getToken()),
  });
}

export function useUsers(q: string, page: number) {
  return useQuery({
    queryKey: keys.users(q, page),
    // The table keeps the last page while the next loads, instead of blinking to empty.
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<AdminPage<AdminUserSummary>>(`/users${query({ q, page, pageSize: ADMIN_PAGE_SIZE })}`),
  });
}

export function useUser(id: number) {
  return useQuery({ queryKey: keys.user(id), queryFn: () => api.get<AdminUserDetail>(`/users/${id}`) });
}

export type UserAction =
  | { kind: 'freeze' | 'unfreeze' | 'revokeSessions'; reason: string }
  | { kind: 'creditScore'; score: number; reason: string };

const ACTION_PATHS = { freeze: 'freeze', unfreeze: 'unfreeze', revokeSessions: 'revoke-sessions' } as const;

export function useUserAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) =>
      action.kind === 'creditScore'
        ? api.put<unknown>(`/users/${id}/credit-score`, { score: action.score, reason: action.reason })
        : api.post<unknown>(`/users/${id}/${ACTION_PATHS[action.kind]}`, { reason: action.reason }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.user(id) });
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useOutbox(q: string, page: number) {
  return useQuery({
    queryKey: keys.outbox(q, page),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<AdminPage<AdminOutboxItem>>(`/outbox${query({ q, page, pageSize: ADMIN_PAGE_SIZE })}`),
  });
}

export function useAudit(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: keys.audit(filter, page),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<AdminPage<AuditEntry>>(`/audit${query({ ...filter, page, pageSize: ADMIN_PAGE_SIZE })}`),
  });
}

export function useAdmins(enabled = true) {
  return useQuery({ queryKey: keys.admins, queryFn: () => api.get<AdminSummary[]>('/admins'), enabled });
}

export function useCreateAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => api.post<AdminSummary>('/admins', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.admins }),
  });
}

export function useUpdateAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateAdminBody & { id: number }) =>
      api.patch<AdminSummary>(`/admins/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.admins }),
  });
}

/** Forgets another admin's lost authenticator; the server also ends that admin's sessions. */
export function useResetAdminTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<AdminSummary>(`/admins/${id}/reset-totp`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.admins }),
  });
}

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: () => api.get<AdminSettings>('/settings') });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api.put<AdminSettings>('/settings', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.settings }),
  });
}
