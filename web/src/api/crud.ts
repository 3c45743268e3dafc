import type { Page } from '@pavilion/contract';
import { api } from './http.ts';

/** Query keys of one resource: `[name]`, `[name, 'list', params]`, `[name, 'detail', id]`. */
export const keysFor = (name: string) => ({
  all: [name] as const,
  list: (params: unknown) => [name, 'list', params] as const,
  detail: (id: string) => [name, 'detail', id] as const,
});

/**
 * What one resource's calls send: the contract's `z.input` of the schemas its routes validate with.
 * A call the resource does not have is `never`, so it cannot be called.
 */
export type CrudBodies = { query: unknown; create: unknown; update: unknown };

/** The spec's usual shape: `POST {base}/query`, `POST {base}`, `PATCH {base}?id`, `DELETE {base}?id`. */
export const crudApi = <Row, Body extends CrudBodies>(base: string) => ({
  query: (body: Body['query']) => api.post<Page<Row>>(`${base}/query`, body),
  create: (body: Body['create']) => api.post<Row>(base, body),
  update: (id: string, body: Body['update']) => api.patch<Row>(base, body, { query: { id } }),
  remove: (id: string) => api.delete<unknown>(base, { id }),
});

/** A whole list as one page, for calls that answer an array. */
export const asPage = <Row>(items: Row[]): Page<Row> => ({ pageIndex: 1, pageSize: items.length || 1, totalCount: items.length, totalPages: 1, items });
