import type { EvaluateTagList, ExpoExhibitorReview, ExpoExhibitorReviewBody, ExpoExhibitorReviewPage } from '@pavilion/contract';
import { call } from '../api.ts';

const path = (exhibitionId: string, exhibitorId: string) => `/api/v1/expo/${exhibitionId}/exhibitors/${exhibitorId}/reviews`;

/** The booth's exhibitor reviews (issue 15): read with the visitor's token when signed in, so its own hidden review shows. */
export const reviewApi = {
  page: (exhibitionId: string, exhibitorId: string, pageIndex: number, signedIn: boolean) =>
    call<ExpoExhibitorReviewPage>(path(exhibitionId, exhibitorId), { query: { pageIndex, pageSize: 10 }, ...(signedIn ? { visitor: exhibitionId } : {}) }),
  write: (exhibitionId: string, exhibitorId: string, body: ExpoExhibitorReviewBody) => call<ExpoExhibitorReview>(path(exhibitionId, exhibitorId), { method: 'POST', body, visitor: exhibitionId }),
  tags: (exhibitionId: string) => call<EvaluateTagList>(`/api/v1/expo/${exhibitionId}/evaluatetags`),
};
