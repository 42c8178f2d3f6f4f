import type { AdminBanner, BannerCreateBody, BannerUpdateBody, BannerUploadResult } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export const bannerKeys = {
  all: ['banners'] as const,
  list: () => ['banners', 'list'] as const,
};

export function useBanners() {
  return useQuery({
    queryKey: bannerKeys.list(),
    queryFn: async () => (await api.get<{ items: AdminBanner[] }>('/banners')).items,
  });
}

/** Uploads a picture at once, so the form can show it; it becomes a banner only when the form is saved. */
export function useUploadBannerImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<BannerUploadResult>('/banners/images', form);
    },
  });
}

function useInvalidatingMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

export function useCreateBanner() {
  return useInvalidatingMutation((body: BannerCreateBody) => api.post<AdminBanner>('/banners', body));
}

export function useUpdateBanner() {
  return useInvalidatingMutation(({ id, body }: { id: number; body: BannerUpdateBody }) =>
    api.patch<AdminBanner>(`/banners/${id}`, body),
  );
}

export function useDeleteBanner() {
  return useInvalidatingMutation((id: number) => api.delete<null>(`/banners/${id}`));
}

export function useReorderBanners() {
  return useInvalidatingMutation((ids: number[]) =>
    api.put<{ items: AdminBanner[] }>('/banners/order', { ids }),
  );
}
