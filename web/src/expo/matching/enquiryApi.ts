import type { ExpoEnquiryBody, MyEnquiry, Page } from '@pavilion/contract';
import { call } from '../api.ts';

/** The visitor's enquiries (docs/matching.md "Enquiries"): send one, read its own with the exhibitors' replies. */
export const enquiryExpoApi = {
  send: (exhibitionId: string, body: ExpoEnquiryBody) => call<MyEnquiry>(`/api/v1/expo/${exhibitionId}/enquiries`, { method: 'POST', body, visitor: exhibitionId }),
  mine: (exhibitionId: string, pageIndex: number) => call<Page<MyEnquiry>>(`/api/v1/expo/${exhibitionId}/enquiries/mine`, { query: { pageIndex, pageSize: 20 }, visitor: exhibitionId }),
};
