import type {
  ExhibitionSettingsAnswer,
  ExhibitionSettingsPatch,
  ExhibitorPolicy,
  ExhibitorSettings,
  Page,
  dataDownload,
  dataDownloadCreateBody,
  dataDownloadLog,
  joinOfManager,
} from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';
import { uploadFile, uploadImages } from './files.ts';

/**
 * Exhibitor services (issue 3): the download centre (host `down`, `downCenter`; exhibitor `ExDown`),
 * the participation policy (host `ex-set`, exhibitor `policy`), the exhibitor-facing exhibition
 * configuration, the exhibitor's lobby settings, and the company's joins (`my-ex`).
 */
export type DataDownload = z.infer<typeof dataDownload>;
export type DataDownloadLog = z.infer<typeof dataDownloadLog>;
export type DataDownloadSave = z.input<typeof dataDownloadCreateBody>;
export type JoinOfManager = z.infer<typeof joinOfManager>;

export const exhibitorServicesApi = {
  downloads: (body: { exhibitionId?: string; pageIndex: number; pageSize: number }) => api.post<Page<DataDownload>>('/api/v3/exhibitiondatadowload/exhibitor/page', body),
  createDownload: (body: DataDownloadSave) => api.post<DataDownload>('/api/v3/exhibitiondatadowload', body),
  updateDownload: (id: string, body: Partial<Omit<DataDownloadSave, 'exhibitionId'>>) => api.patch<DataDownload>('/api/v3/exhibitiondatadowload', body, { query: { id } }),
  removeDownload: (id: string) => api.delete<boolean>('/api/v3/exhibitiondatadowload', { id }),
  showDownload: (id: string, isShow: boolean) => api.put<DataDownload>('/api/v3/exhibitiondatadowload/show', { id, isShow }),
  /** The exhibitor's download: logged by the server, which answers the file. */
  logDownload: (downloadId: string) => api.post<DataDownload>('/api/v3/exhibitiondatadowload/log', { downloadId }),
  downloadLogs: (body: { exhibitionId: string; downloadId?: string; companyName?: string; pageIndex: number; pageSize: number }) =>
    api.post<Page<DataDownloadLog>>('/api/v3/exhibitiondatadowload/log/page', body),
  policy: (exhibitionId: string) => api.get<ExhibitorPolicy>('/api/v3/exhibitorpolicy', { exhibitionId }),
  savePolicy: (exhibitionId: string, body: { content: string; contentEn: string }) => api.put<ExhibitorPolicy>('/api/v3/exhibitorpolicy', body, { query: { exhibitionId } }),
  exhibitionSettings: (exhibitionId: string) => api.get<ExhibitionSettingsAnswer>('/api/v1/settings/exhibition', { exhibitionId }),
  patchExhibitionSettings: (exhibitionId: string, body: ExhibitionSettingsPatch) => api.put<ExhibitionSettingsAnswer>('/api/v1/settings/exhibition/patch', body, { query: { exhibitionId } }),
  exhibitorSettings: (exhibitorId: string) => api.get<ExhibitorSettings>('/api/v1/settings/exhibitor', { exhibitorId }),
  patchExhibitorSettings: (exhibitorId: string, body: Partial<ExhibitorSettings>) => api.put<ExhibitorSettings>('/api/v1/settings/exhibitor/patch', body, { query: { exhibitorId } }),
  /** The company's joins across exhibitions (drafts included), each with its exhibition. */
  myJoins: () => api.post<Page<JoinOfManager>>('/api/join/GetByManager', { pageIndex: 1, pageSize: 100 }),
  /** `POST /api/v1/file` (multipart, one file up to 50 MB) with the session's token; 401 ends the session as every call does. */
  uploadFile,
  /** `POST /api/upload/images` (multipart `files`, images under 4 MB): the first uploaded image. */
  uploadImage: async (file: File) => (await uploadImages([file]))[0]!,
};


export const exhibitorServicesKeys = {
  all: ['exhibitorServices'] as const,
  downloads: (params: unknown) => ['exhibitorServices', 'downloads', params] as const,
  downloadLogs: (params: unknown) => ['exhibitorServices', 'downloadLogs', params] as const,
  policy: (exhibitionId: string) => ['exhibitorServices', 'policy', exhibitionId] as const,
  exhibitionSettings: (exhibitionId: string) => ['exhibitorServices', 'exhibitionSettings', exhibitionId] as const,
  exhibitorSettings: (exhibitorId: string) => ['exhibitorServices', 'exhibitorSettings', exhibitorId] as const,
  myJoins: () => ['exhibitorServices', 'myJoins'] as const,
};

export const usePolicy = (exhibitionId: string | null) =>
  useQuery({ queryKey: exhibitorServicesKeys.policy(exhibitionId ?? ''), queryFn: () => exhibitorServicesApi.policy(exhibitionId!), enabled: Boolean(exhibitionId) });
export const useExhibitionSettingsOf = (exhibitionId: string | null) =>
  useQuery({ queryKey: exhibitorServicesKeys.exhibitionSettings(exhibitionId ?? ''), queryFn: () => exhibitorServicesApi.exhibitionSettings(exhibitionId!), enabled: Boolean(exhibitionId) });
export const useExhibitorSettings = (exhibitorId: string | null) =>
  useQuery({ queryKey: exhibitorServicesKeys.exhibitorSettings(exhibitorId ?? ''), queryFn: () => exhibitorServicesApi.exhibitorSettings(exhibitorId!), enabled: Boolean(exhibitorId) });
export const useMyJoins = () => useQuery({ queryKey: exhibitorServicesKeys.myJoins(), queryFn: exhibitorServicesApi.myJoins });
/** Every file offered in the exhibition, in their order (the list is short: manuals and forms). */
export const useAllDownloads = (exhibitionId: string | null) =>
  useQuery({
    queryKey: exhibitorServicesKeys.downloads({ exhibitionId, all: true }),
    queryFn: () => exhibitorServicesApi.downloads({ exhibitionId: exhibitionId!, pageIndex: 1, pageSize: 100 }),
    enabled: Boolean(exhibitionId),
  });
