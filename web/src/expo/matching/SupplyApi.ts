import type { expoSupplyDemandBody, ExpoSupplyDemand, ExpoSupplyDemandDetail, ExpoSupplyDemandPosted, ExpoSupplyDemandQuery, Page, SupplyDemandComment } from '@pavilion/contract';
import type { z } from 'zod';
import { call } from '../api.ts';

/** The site's supply and demand calls (`/api/v1/expo/{id}/supply-demand`). */
const board = (exhibitionId: string) => `/api/v1/expo/${exhibitionId}/supply-demand`;

export type SupplyPostBody = z.input<typeof expoSupplyDemandBody>;

export const supplyApi = {
  page: (exhibitionId: string, q: Partial<ExpoSupplyDemandQuery>) => call<Page<ExpoSupplyDemand>>(board(exhibitionId), { query: q }),
  post: (exhibitionId: string, id: string) => call<ExpoSupplyDemandDetail>(`${board(exhibitionId)}/${id}`),
  create: (exhibitionId: string, body: SupplyPostBody) => call<ExpoSupplyDemandPosted>(board(exhibitionId), { method: 'POST', body, visitor: exhibitionId }),
  comment: (exhibitionId: string, id: string, content: string) => call<SupplyDemandComment>(`${board(exhibitionId)}/${id}/comments`, { method: 'POST', body: { content }, visitor: exhibitionId }),
};
