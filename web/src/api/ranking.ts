import type { ExhibitorRankingRule, PutRankWeight, RankingPreviewItem, RankingTarget } from '@pavilion/contract';
import { api } from './http.ts';

/** The ranking rules of the public lists and the host's manual weights (docs/ranking.md). */
export const rankingApi = {
  rules: (exhibitionId: string) => api.get<ExhibitorRankingRule>('/api/v3/exhibitorrankingrule', { exhibitionId }),
  save: (body: ExhibitorRankingRule) => api.put<ExhibitorRankingRule>('/api/v3/exhibitorrankingrule', body),
  preview: (exhibitionId: string, target: RankingTarget) => api.get<RankingPreviewItem[]>('/api/v3/exhibitorrankingrule/preview', { exhibitionId, target }),
  weight: (body: PutRankWeight) => api.put<{ id: string; rankWeight: number }>('/api/v3/exhibitorrankingrule/weight', body),
};

export const rankingKeys = {
  all: ['ranking'] as const,
  rules: (exhibitionId: string) => ['ranking', 'rules', exhibitionId] as const,
  previews: (exhibitionId: string) => ['ranking', 'preview', exhibitionId] as const,
  preview: (exhibitionId: string, target: RankingTarget) => ['ranking', 'preview', exhibitionId, target] as const,
};
