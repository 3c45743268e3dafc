import { z } from 'zod';
import { auditedFields } from './audit.ts';
import { id, pageRequest } from './envelope.ts';
import { expoDirectoryItem, expoProductCard } from './expo.ts';

/**
 * Focus applications (applyfocus, 推荐): an exhibitor asks to be featured on the site, itself or one of its approved
 * products, over a window; the host decides (audit type `focus`) and orders them. Paths are ours (docs/topics.md).
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export const FOCUS_REASON_MAX = 500;

export const focusApplyBody = z
  .object({
    /** One of the exhibitor's own approved products; absent or null features the exhibitor itself. */
    productId: id.nullish(),
    startAt: when,
    endAt: when,
    reason: text(FOCUS_REASON_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.startAt) >= Date.parse(v.endAt)) ctx.addIssue({ code: 'custom', path: ['endAt'], input: v.endAt, message: 'endAt must be after startAt' });
    else if (Date.parse(v.endAt) <= Date.now()) ctx.addIssue({ code: 'custom', path: ['endAt'], input: v.endAt, message: 'endAt must be in the future' });
  });
export type FocusApplyBody = z.infer<typeof focusApplyBody>;

export const focusTargets = ['exhibitor', 'product'] as const;

export const focusApplication = z.object({
  id,
  exhibitionId: id,
  exhibitorId: id,
  companyName: z.string(),
  productId: id.nullable(),
  productName: z.string().nullable(),
  reason: z.string(),
  startAt: when,
  endAt: when,
  sort: z.number().int(),
  ...auditedFields,
  createAt: when,
});
export type FocusApplication = z.infer<typeof focusApplication>;

export const focusQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  productId: id.optional(),
  target: z.enum(focusTargets).optional(),
  auditState: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  keyword: text(100).optional(),
});
export type FocusQuery = z.infer<typeof focusQuery>;

export const focusSortBody = z.object({ id, sort: z.number().int().min(0).max(1_000_000) });

export const focusAuditBody = z
  .object({ ids: z.array(id).min(1).max(500), auditState: z.union([z.literal(1), z.literal(2)]), reason: text(500).optional() })
  .superRefine((v, ctx) => {
    if (v.auditState === 2 && !v.reason) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.reason, path: ['reason'], message: 'reason is required to reject' });
  });

/** `GET /api/v1/expo/:exhibitionId/featured`: what is featured now, in the host's order. */
export const expoFeatured = z.object({
  exhibitors: z.array(expoDirectoryItem),
  products: z.array(expoProductCard.extend({ exhibitorId: id, companyName: z.string() })),
});
export type ExpoFeatured = z.infer<typeof expoFeatured>;
