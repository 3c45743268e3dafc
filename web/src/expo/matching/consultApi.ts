import type { ExpoConsultBody, MyConsult, Page, PublicConsult } from '@pavilion/contract';
import { call } from '../api.ts';

/** Consultations on the site (docs/consult.md): the public Q&A, asking, and the visitor's own questions. */
export const consultExpoApi = {
  list: (exhibitionId: string, pageIndex: number, pageSize = 10) => call<Page<PublicConsult>>(`/api/v1/expo/${exhibitionId}/consults`, { query: { pageIndex, pageSize } }),
  ask: (exhibitionId: string, body: ExpoConsultBody) => call<MyConsult>(`/api/v1/expo/${exhibitionId}/consults`, { method: 'POST', body, visitor: exhibitionId }),
  mine: (exhibitionId: string, pageIndex: number) => call<Page<MyConsult>>(`/api/v1/expo/${exhibitionId}/consults/mine`, { query: { pageIndex, pageSize: 20 }, visitor: exhibitionId }),
};
