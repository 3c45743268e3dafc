import type { ExpoSupplyDemand, ExpoSupplyDemandDetail, Page, SupplyDemandComment, SupplyDemandKind } from '@pavilion/contract';
import { call } from '../api.ts';

/** The site's supply and demand calls (`/api/v1/expo/{id}/supply-demand`). */
const board = (exhibitionId: string) => `/api/v1/expo/${exhibitionId}/supply-demand`;

export type SupplyPostBody = { kind: SupplyDemandKind; title: string; description: string; contactName?: string | null; contactPhone?: string | null; contactEmail?: string | null };

export const supplyApi = {
  page: (exhibitionId: string, q: { pageIndex?: number; pageSize?: number; kind?: SupplyDemandKind; keyword?: string }) => call<Page<ExpoSupplyDemand>>(board(exhibitionId), { query: q }),
  post: (exhibitionId: string, id: string) => call<ExpoSupplyDemandDetail>(`${board(exhibitionId)}/${id}`),
  create: (exhibitionId: string, body: SupplyPostBody) => call<ExpoSupplyDemand & { auditState: number }>(board(exhibitionId), { method: 'POST', body, visitor: exhibitionId }),
  comment: (exhibitionId: string, id: string, content: string) => call<SupplyDemandComment>(`${board(exhibitionId)}/${id}/comments`, { method: 'POST', body: { content }, visitor: exhibitionId }),
};
