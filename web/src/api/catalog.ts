import {
  MAX_PAGE_SIZE,
  type createProductTagBody,
  type Page,
  type ProductCatalogCopyBody,
  type ProductCatalogCopyResult,
  type ProductChannel,
  type ProductEvaluation,
  type ProductEvaluationQuery,
  type ProductTag,
  type updateProductTagBody,
} from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';
import { productKeys } from './products.ts';

/** Product tags, channels, the catalogue copy and product reviews (issue 10): calls and query keys. */
export type ProductTagCreate = z.input<typeof createProductTagBody>;
export type ProductTagChange = z.input<typeof updateProductTagBody>;
export type ProductReviewQuery = Partial<ProductEvaluationQuery> & { pageIndex: number; pageSize: number };

export const catalogApi = {
  /** The exhibition's tags as a tree (roots with `children`). */
  tags: (exhibitionId: string) => api.get<ProductTag[]>('/api/v1/protag/getbyexhibitionid', { exhibitionId }),
  createTag: (body: ProductTagCreate) => api.post<ProductTag>('/api/v1/protag', body),
  updateTag: (id: string, body: ProductTagChange) => api.patch<ProductTag>('/api/v1/protag', body, { query: { id } }),
  removeTag: (id: string) => api.delete<boolean>('/api/v1/protag', { id }),
  channels: () => api.post<Page<ProductChannel>>('/api/v1/prochannel/find', { pageIndex: 1, pageSize: MAX_PAGE_SIZE }),
  copy: (body: ProductCatalogCopyBody) => api.post<ProductCatalogCopyResult>('/api/v3/productcategory/copy', body),
  reviews: (query: ProductReviewQuery) => api.post<Page<ProductEvaluation>>('/api/v3/productevaluate/page', query),
  reply: (id: string, reply: string) => api.post<ProductEvaluation>('/api/v3/productevaluate', { id, reply }),
  showReview: (id: string, isShow: boolean) => api.put<ProductEvaluation>('/api/v3/productevaluate/show', { id, isShow }),
  removeReview: (id: string) => api.delete<boolean>('/api/v3/productevaluate', { id }),
};

/** Under `productKeys.all`, so a product change refreshes them too. */
export const catalogKeys = {
  tags: (exhibitionId: string) => [...productKeys.all, 'tags', exhibitionId] as const,
  tagPage: (exhibitionId: string, params: unknown) => [...productKeys.all, 'tags', exhibitionId, 'page', params] as const,
  channels: () => [...productKeys.all, 'channels'] as const,
  reviews: [...productKeys.all, 'reviews'] as const,
  reviewPage: (params: unknown) => [...productKeys.all, 'reviews', params] as const,
};

export const useProductTags = (exhibitionId: string | null) =>
  useQuery({ queryKey: catalogKeys.tags(exhibitionId ?? ''), queryFn: () => catalogApi.tags(exhibitionId!), enabled: Boolean(exhibitionId) });
