import type { EvaluateTagList, ExhibitorEvaluation, ExhibitorEvaluationQuery, Page } from '@pavilion/contract';
import { api } from './http.ts';

/** Exhibitor reviews and the evaluation tags (issue 15): calls and query keys. */
export type ExhibitorReviewQuery = Partial<ExhibitorEvaluationQuery> & { pageIndex: number; pageSize: number };

export const evaluationApi = {
  page: (query: ExhibitorReviewQuery) => api.post<Page<ExhibitorEvaluation>>('/api/v3/exhibitorevaluate/query', query),
  reply: (id: string, reply: string) => api.post<ExhibitorEvaluation>('/api/v3/exhibitorevaluate', { id, reply }),
  show: (id: string, isShow: boolean) => api.put<ExhibitorEvaluation>('/api/v3/exhibitorevaluate/show', { id, isShow }),
  remove: (id: string) => api.delete<boolean>('/api/v3/exhibitorevaluate', { id }),
  tags: (exhibitionId: string) => api.get<EvaluateTagList>('/api/v1/evaluatetag', { exhibitionId }),
  saveTags: (exhibitionId: string, tags: string[]) => api.put<EvaluateTagList>('/api/v1/evaluatetag', { exhibitionId, tags }),
};

export const evaluationKeys = {
  all: ['exhibitorEvaluation'] as const,
  page: (params: unknown) => ['exhibitorEvaluation', 'page', params] as const,
  tags: (exhibitionId: string) => ['exhibitorEvaluation', 'tags', exhibitionId] as const,
};
