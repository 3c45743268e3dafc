import { z } from 'zod';
import { id, pageRequest } from './envelope.ts';

const name = z.string().trim().min(1).max(100);

/** An industry of the platform's classification (administrator-managed), optionally nested once. */
export const industry = z.object({
  id,
  name: z.string(),
  nameEn: z.string().nullable(),
  parentId: id.nullable(),
  showIndex: z.number().int(),
  createAt: z.string(),
});
export type Industry = z.infer<typeof industry>;

export const createIndustryBody = z.object({
  name,
  nameEn: z.string().trim().max(100).nullish(),
  parentId: id.nullish(),
  showIndex: z.number().int().min(0).max(1_000_000).default(0),
});
export const updateIndustryBody = z.object({
  name: name.optional(),
  nameEn: z.string().trim().max(100).nullish(),
  parentId: id.nullish(),
  showIndex: z.number().int().min(0).max(1_000_000).optional(),
});
export const bulkIndustryBody = z.object({ items: z.array(createIndustryBody.omit({ parentId: true })).min(1).max(500) });
export const industryQuery = pageRequest.extend({ name: z.string().trim().max(100).optional(), parentId: id.nullish() });
