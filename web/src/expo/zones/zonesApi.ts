import type { ExpoFeatured, ExpoTopic, ExpoTopicDetail } from '@pavilion/contract';
import { call } from '../api.ts';

/** The site's topics and featured calls (docs/topics.md). */
export const zonesApi = {
  topics: (exhibitionId: string) => call<ExpoTopic[]>(`/api/v1/expo/${exhibitionId}/topics`),
  topic: (exhibitionId: string, topicId: string, page: number, size = 20) => call<ExpoTopicDetail>(`/api/v1/expo/${exhibitionId}/topics/${topicId}`, { query: { page, size } }),
  featured: (exhibitionId: string) => call<ExpoFeatured>(`/api/v1/expo/${exhibitionId}/featured`),
};
