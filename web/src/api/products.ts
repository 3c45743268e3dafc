import { MAX_PAGE_SIZE, PRODUCT_CERTIFICATE_LIMIT, PRODUCT_GROUP_LIMIT, type CertificateQuality, type certificateQualityCreateBody, type certificateQualityPatchBody, type Page, type Product, type ProductCategory, type ProductCertificate, type productCertificateCreateBody, type productCertificatePatchBody, type ProductGroup, type productCategoryCreateBody, type productCategoryPatchBody, type productCreateBody, type productGroupCreateBody, type productGroupPatchBody, type productPageQuery, type productPatchBody } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';

/** Products (issue 10): the exhibitor's own and the host's view of an exhibition's, with the host's category tree. */
export type ProductCreate = z.input<typeof productCreateBody>;
export type ProductChange = z.input<typeof productPatchBody>;
export type ProductPage = z.input<typeof productPageQuery>;
export type ProductCategoryCreate = z.input<typeof productCategoryCreateBody>;
export type ProductCategoryChange = z.input<typeof productCategoryPatchBody>;

export const productApi = {
  page: (body: ProductPage) => api.post<Page<Product>>('/api/v3/productv3/page', body),
  get: (id: string) => api.get<Product>('/api/v1/product', { id }),
  create: (body: ProductCreate) => api.post<Product>('/api/v1/product', body),
  update: (id: string, body: ProductChange) => api.patch<Product>('/api/v1/product', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v1/product', { id }),
  show: (id: string, isShow: boolean) => api.put<Product>('/api/v1/product/show', { id, isShow }),
  /** All or none: one product the caller does not reach refuses the whole request. */
  showMany: (ids: string[], isShow: boolean) => api.put<{ updated: number }>('/api/v1/product/show/batch', { ids, isShow }),
  /** The host's approval or rejection of pending products by their ids (all or none). */
  decide: (body: { ids: string[]; approve: boolean; reason?: string }) => api.put<{ decided: number }>('/api/v1/product/audit', body),
  /** The host's mark that it checked the product against its approved certificates. */
  authenticate: (id: string, authenticated: boolean) => api.put<Product>('/api/v1/product/authenticate', { id, authenticated }),
  /** The whole tree of the exhibition, flat (roots have `parentId` null), by showIndex. */
  categories: (exhibitionId: string) => api.post<Page<ProductCategory>>('/api/v3/productcategory/query', { exhibitionId, pageIndex: 1, pageSize: MAX_PAGE_SIZE }),
  createCategory: (body: ProductCategoryCreate) => api.post<ProductCategory>('/api/v3/productcategory', body),
  updateCategory: (id: string, body: ProductCategoryChange) => api.patch<ProductCategory>('/api/v3/productcategory', body, { query: { id } }),
  removeCategory: (id: string) => api.delete<boolean>('/api/v3/productcategory', { id }),
};

export const productKeys = {
  all: ['product'] as const,
  list: (params: unknown) => ['product', 'list', params] as const,
  detail: (id: string) => ['product', 'detail', id] as const,
  categories: (exhibitionId: string) => ['product', 'categories', exhibitionId] as const,
  /** A page of the host's category table, under `categories` so one invalidation refreshes both. */
  categoryPage: (exhibitionId: string, params: unknown) => ['product', 'categories', exhibitionId, 'page', params] as const,
};

/** The exhibition's category tree, flat (every product screen reads it under one key). */
export const useProductCategories = (exhibitionId: string | null) =>
  useQuery({ queryKey: productKeys.categories(exhibitionId ?? ''), queryFn: () => productApi.categories(exhibitionId!), enabled: Boolean(exhibitionId) });

/* The exhibitor's product groups (docs/products.md "Catalogue"). */
export type ProductGroupCreate = z.input<typeof productGroupCreateBody>;
export type ProductGroupChange = z.input<typeof productGroupPatchBody>;
export const productGroupApi = {
  list: (exhibitorId: string) => api.post<Page<ProductGroup>>('/api/v1/productgroup/query', { exhibitorId, pageIndex: 1, pageSize: PRODUCT_GROUP_LIMIT }),
  create: (body: ProductGroupCreate) => api.post<ProductGroup>('/api/v1/productgroup', body),
  update: (id: string, body: ProductGroupChange) => api.patch<ProductGroup>('/api/v1/productgroup', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v1/productgroup', { id }),
};
/** Under `productKeys.all`: a group's deletion un-groups products, so one invalidation refreshes both. */
export const productGroupKeys = { list: (exhibitorId: string) => ['product', 'groups', exhibitorId] as const };
export const useProductGroups = (exhibitorId: string | null) =>
  useQuery({ queryKey: productGroupKeys.list(exhibitorId ?? ''), queryFn: () => productGroupApi.list(exhibitorId!), enabled: Boolean(exhibitorId) });

/* Certificates: the host's kinds and the exhibitor's audited certificates (docs/products.md "Catalogue"). */
export const certificateApi = {
  qualities: (exhibitionId: string) => api.post<Page<CertificateQuality>>('/api/v1/certificatequality/query', { exhibitionId, pageIndex: 1, pageSize: MAX_PAGE_SIZE }),
  createQuality: (body: z.input<typeof certificateQualityCreateBody>) => api.post<CertificateQuality>('/api/v1/certificatequality', body),
  updateQuality: (id: string, body: z.input<typeof certificateQualityPatchBody>) => api.patch<CertificateQuality>('/api/v1/certificatequality', body, { query: { id } }),
  removeQuality: (id: string) => api.delete<boolean>('/api/v1/certificatequality', { id }),
  list: (exhibitorId: string) => api.post<Page<ProductCertificate>>('/api/v1/productcertificate/query', { exhibitorId, pageIndex: 1, pageSize: PRODUCT_CERTIFICATE_LIMIT }),
  create: (body: z.input<typeof productCertificateCreateBody>) => api.post<ProductCertificate>('/api/v1/productcertificate', body),
  update: (id: string, body: z.input<typeof productCertificatePatchBody>) => api.patch<ProductCertificate>('/api/v1/productcertificate', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v1/productcertificate', { id }),
};
/** Under `productKeys.all`: a certificate's change takes it off products, so one invalidation refreshes both. */
export const certificateKeys = {
  qualities: (exhibitionId: string) => ['product', 'certificateQualities', exhibitionId] as const,
  list: (exhibitorId: string) => ['product', 'certificates', exhibitorId] as const,
};
export const useCertificateQualities = (exhibitionId: string | null) =>
  useQuery({ queryKey: certificateKeys.qualities(exhibitionId ?? ''), queryFn: () => certificateApi.qualities(exhibitionId!), enabled: Boolean(exhibitionId) });
export const useCertificates = (exhibitorId: string | null) =>
  useQuery({ queryKey: certificateKeys.list(exhibitorId ?? ''), queryFn: () => certificateApi.list(exhibitorId!), enabled: Boolean(exhibitorId) });
