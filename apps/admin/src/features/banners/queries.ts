import { type BannerCreateBody, type BannerUpdateBody, routes } from '@kestrel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const bannerKeys = {
  all: ['banners'] as const,
  list: () => ['banners', 'list'] as const,
};

export function useBanners() {
  return useQuery({
    queryKey: bannerKeys.list(),
    queryFn: async () => (await client.call(routes.listAdminBanners)).items,
  });
}

/** Uploads a picture at once, so the form can show it; it becomes a banner only when the form is saved. */
export function useUploadBannerImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return client.call(routes.uploadBannerImage, { form });
    },
  });
}

function useInvalidatingMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

export function useCreateBanner() {
  return useInvalidatingMutation((body: BannerCreateBody) => client.call(routes.createBanner, { body }));
}

export function useUpdateBanner() {
  return useInvalidatingMutation(({ id, body }: { id: number; body: BannerUpdateBody }) =>
    client.call(routes.updateBanner, { params: { id }, body }),
  );
}

export function useDeleteBanner() {
  return useInvalidatingMutation((id: number) => client.call(routes.deleteBanner, { params: { id } }));
}

export function useReorderBanners() {
  return useInvalidatingMutation((ids: number[]) => client.call(routes.reorderBanners, { body: { ids } }));
}
