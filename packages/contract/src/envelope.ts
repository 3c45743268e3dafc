import { z } from 'zod';

/** Every JSON answer of /api is one of these two shapes. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const errorBody = z.object({
  success: z.literal(false),
  code: z.number().int(),
  description: z.string(),
  field: z.string().optional(),
  errors: z.array(fieldError).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), code: z.literal(0), data });
export type Ok<T> = { success: true; code: 0; data: T };

/** Paging as the spec gives it (part 1 §3): pageIndex from 1. */
export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
export const pageRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageRequest = z.infer<typeof pageRequest>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    items: z.array(item),
  });
export type Page<T> = { pageIndex: number; pageSize: number; totalCount: number; totalPages: number; items: T[] };

export const toPage = <T>(items: T[], totalCount: number, req: PageRequest): Page<T> => ({
  pageIndex: req.pageIndex,
  pageSize: req.pageSize,
  totalCount,
  totalPages: Math.ceil(totalCount / req.pageSize),
  items,
});

/** Record ids are UUID strings. */
export const id = z.uuid();
export const idQuery = z.object({ id });

/** Every GET may carry the spec's cache-buster `t`; it is accepted and ignored. */
export const cacheBuster = z.object({ t: z.union([z.string(), z.number()]).optional() });
