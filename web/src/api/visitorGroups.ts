import type { GroupInvitation, GroupShare, GroupSharePoster, PutGroupInvitations, PutGroupShares, PutGroupSharePosters, PutVisitorGroups, VisitorGroups } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { authorisedFetch, failure } from './files.ts';
import { api } from './http.ts';

const base = '/api/v1/settings/visitor/groups';
type Items<T> = { exhibitionId: string; items: T[] };

/** Visitor groups and their pages (docs/visitor-groups.md). */
export const visitorGroupsApi = {
  groups: (exhibitionId: string) => api.get<VisitorGroups>(base, { exhibitionId }),
  saveGroups: (exhibitionId: string, body: PutVisitorGroups) => api.put<VisitorGroups>(base, body, { query: { exhibitionId } }),
  invitation: (exhibitionId: string) => api.get<Items<GroupInvitation>>(`${base}/invitation`, { exhibitionId }),
  saveInvitation: (exhibitionId: string, body: PutGroupInvitations) => api.put<Items<GroupInvitation>>(`${base}/invitation`, body, { query: { exhibitionId } }),
  share: (exhibitionId: string) => api.get<Items<GroupShare>>(`${base}/share`, { exhibitionId }),
  saveShare: (exhibitionId: string, body: PutGroupShares) => api.put<Items<GroupShare>>(`${base}/share`, body, { query: { exhibitionId } }),
  poster: (exhibitionId: string) => api.get<Items<GroupSharePoster>>(`${base}/share-poster`, { exhibitionId }),
  savePoster: (exhibitionId: string, body: PutGroupSharePosters) => api.put<Items<GroupSharePoster>>(`${base}/share-poster`, body, { query: { exhibitionId } }),
  /** The poster's QR code, rendered by the server (an SVG document). */
  async qrSvg(exhibitionId: string, groupId: string, lang: 'zh' | 'en'): Promise<string> {
    const response = await authorisedFetch(`${base}/share-poster/qr?${new URLSearchParams({ exhibitionId, groupId, lang })}`);
    if (!response.ok) throw failure(response, await response.json().catch(() => null));
    return response.text();
  },
};

export const visitorGroupKeys = {
  all: (exhibitionId: string) => ['visitorGroups', exhibitionId] as const,
  groups: (exhibitionId: string) => ['visitorGroups', exhibitionId, 'groups'] as const,
  invitation: (exhibitionId: string) => ['visitorGroups', exhibitionId, 'invitation'] as const,
  share: (exhibitionId: string) => ['visitorGroups', exhibitionId, 'share'] as const,
  poster: (exhibitionId: string) => ['visitorGroups', exhibitionId, 'poster'] as const,
  qr: (exhibitionId: string, groupId: string, lang: string) => ['visitorGroups', exhibitionId, 'qr', groupId, lang] as const,
};

const on = (exhibitionId: string | null | undefined) => ({ enabled: Boolean(exhibitionId) });
export const useVisitorGroups = (exhibitionId: string | null | undefined) => useQuery({ queryKey: visitorGroupKeys.groups(exhibitionId ?? ''), queryFn: () => visitorGroupsApi.groups(exhibitionId!), ...on(exhibitionId) });
export const useGroupInvitations = (exhibitionId: string | null | undefined) => useQuery({ queryKey: visitorGroupKeys.invitation(exhibitionId ?? ''), queryFn: () => visitorGroupsApi.invitation(exhibitionId!), ...on(exhibitionId) });
export const useGroupShares = (exhibitionId: string | null | undefined) => useQuery({ queryKey: visitorGroupKeys.share(exhibitionId ?? ''), queryFn: () => visitorGroupsApi.share(exhibitionId!), ...on(exhibitionId) });
export const useGroupPosters = (exhibitionId: string | null | undefined) => useQuery({ queryKey: visitorGroupKeys.poster(exhibitionId ?? ''), queryFn: () => visitorGroupsApi.poster(exhibitionId!), ...on(exhibitionId) });
export const useGroupQr = (exhibitionId: string | null | undefined, groupId: string | null | undefined, lang: 'zh' | 'en') =>
  useQuery({ queryKey: visitorGroupKeys.qr(exhibitionId ?? '', groupId ?? '', lang), queryFn: () => visitorGroupsApi.qrSvg(exhibitionId!, groupId!, lang), enabled: Boolean(exhibitionId && groupId), staleTime: 300_000 });
