import type { createFeatureBody, createVersionBody, Feature, FeatureDisplay, PlatformVersion, updateFeatureBody, updateVersionBody, VersionExhibition, versionQuery } from '@pavilion/contract';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** Versions, the feature catalogue and an exhibition's features (`/api/v3/version`). */
export const versionApi = {
  ...crudApi<PlatformVersion, { query: z.input<typeof versionQuery>; create: z.input<typeof createVersionBody>; update: z.input<typeof updateVersionBody> }>('/api/v3/version'),
  features: (versionId: string) => api.get<{ versionId: string; features: Feature[] }>('/api/v3/version/version-feature', { versionId }),
  setFeatures: (versionId: string, featureIds: string[]) => api.post<{ versionId: string; features: Feature[] }>('/api/v3/version/version-feature/addorupdate', { versionId, featureIds }),
  ofExhibition: (exhibitionId: string) => api.get<VersionExhibition>('/api/v3/version/version-exhibition', { exhibitionId }),
  setExhibitionVersion: (exhibitionId: string, versionId: string | null) => api.put<VersionExhibition>('/api/v3/version/version-exhibition', { exhibitionId, versionId }),
  customize: (exhibitionId: string, items: { featureId: string; enabled: boolean | null }[]) =>
    api.post<VersionExhibition>('/api/v3/version/feature/customized/addorupdate', { exhibitionId, items }),
  display: (exhibitionId: string) => api.get<FeatureDisplay>(`/api/v3/version/display/feature/exhibitionid/${exhibitionId}`),
};

export const featureApi = {
  list: () => api.get<Feature[]>('/api/v3/version/feature/list'),
  create: (body: z.input<typeof createFeatureBody>) => api.post<Feature>('/api/v3/version/feature', body),
  update: (id: string, body: Omit<z.input<typeof updateFeatureBody>, 'id'>) => api.put<Feature>('/api/v3/version/feature', { ...body, id }),
  remove: (featureId: string) => api.delete<unknown>('/api/v3/version/feature', { featureId }),
};

export const versionKeys = {
  ...keysFor('version'),
  features: (versionId: string) => ['version', 'features', versionId] as const,
  exhibition: (exhibitionId: string) => ['version', 'exhibition', exhibitionId] as const,
};
export const featureKeys = keysFor('feature');
/** The role menu (effective feature keys) of an exhibition. */
export const featureDisplayKeys = { all: ['featureDisplay'] as const, of: (exhibitionId: string) => ['featureDisplay', exhibitionId] as const };

export const useFeatureCatalogue = () => useQuery({ queryKey: featureKeys.list('all'), queryFn: featureApi.list });
export const useVersions = () =>
  useQuery({ queryKey: versionKeys.list('all'), queryFn: () => versionApi.query({ pageIndex: 1, pageSize: 100 }) });
