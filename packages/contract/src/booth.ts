import { z } from 'zod';
import { requiredUrl } from './url.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';

/**
 * Booth floor plans (issue 5, /admin/adminMiceCad and /live/index/admin/booth): a plan image per
 * exhibition hall, booths drawn on it as rectangles in the plan's own units, and their assignment
 * to exhibitors. See docs/booths.md.
 */

const when = z.iso.datetime({ offset: true });
const size = z.number().finite().positive().max(1_000_000);
const coordinate = z.number().finite().min(0).max(1_000_000);

/** Standard shell scheme (标准展位), raw space (光地), anything else. */
export const boothSpaceTypes = ['standard', 'raw', 'other'] as const;
export const boothSpaceType = z.enum(boothSpaceTypes);
export type BoothSpaceType = z.infer<typeof boothSpaceType>;
/** Free (可售), reserved (预留), sold or assigned to an exhibitor (已售). A booth with an exhibitor is always `sold`. */
export const boothStates = ['free', 'reserved', 'sold'] as const;
export const boothState = z.enum(boothStates);
export type BoothState = z.infer<typeof boothState>;

/** A plan image's address: one the upload call answered (`/uploads/…`) or an absolute http(s) URL. */
const imageUrl = requiredUrl(2000);

// ——— Hall plan ———
export const hallPlan = z.object({
  hallId: id,
  exhibitionId: id,
  hallName: z.string(),
  imageUrl: z.string(),
  /** The plan's extent in its own units; booths are placed in the same units. */
  width: z.number(),
  height: z.number(),
  /** Metres per plan unit, when known: booth areas are then computed (w × h × scale²). */
  scale: z.number().nullable(),
  updateAt: when,
});
export type HallPlan = z.infer<typeof hallPlan>;
export const hallPlanQuery = z.object({ hallId: id }).extend(cacheBuster.shape);
export const hallPlanBody = z.object({ imageUrl, width: size, height: size, scale: z.number().finite().positive().max(1000).nullish() });

// ——— Booths ———
export const boothRect = z.object({ x: coordinate, y: coordinate, w: size, h: size });
export type BoothRect = z.infer<typeof boothRect>;
const code = z.string().trim().min(1).max(50);
const area = z.number().finite().positive().max(1_000_000);

export const booth = z.object({
  id,
  exhibitionId: id,
  hallId: id,
  hallName: z.string(),
  code: z.string(),
  ...boothRect.shape,
  /** m²: typed by the organiser (`areaManual`), or computed from the hall plan's scale, or unknown. */
  area: z.number().nullable(),
  areaManual: z.boolean(),
  type: boothSpaceType,
  state: boothState,
  exhibitorId: id.nullable(),
  companyName: z.string().nullable(),
  companyNameEn: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
  updateAt: when,
});
export type Booth = z.infer<typeof booth>;

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
export const boothQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  hallId: id.optional(),
  state: boothState.optional(),
  type: boothSpaceType.optional(),
  /** Part of the booth code or of the exhibitor's company name (Chinese or English). */
  keyword: z.string().trim().max(100).optional(),
  hasExhibitor: booleanish.optional(),
  exhibitorId: id.optional(),
});
export type BoothQuery = z.input<typeof boothQuery>;

const showIndex = z.number().int().min(0).max(1_000_000);
/** `area` null or absent: computed from the plan's scale. */
const boothFields = { code, ...boothRect.shape, area: area.nullish(), type: boothSpaceType.default('standard'), showIndex: showIndex.optional() };
export const createBoothBody = z.object({ hallId: id, ...boothFields, state: z.enum(['free', 'reserved']).default('free') });
export const updateBoothBody = z
  .object({ code, ...boothRect.shape, area: area.nullable(), type: boothSpaceType, state: boothState, showIndex })
  .partial();
export const bulkBoothItem = z.object({ id: id.optional(), ...boothFields });
export type BulkBoothItem = z.input<typeof bulkBoothItem>;
/** The whole layout of one hall: listed booths are created (no id) or changed, the hall's other booths deleted. */
export const bulkBoothBody = z.object({ hallId: id, booths: z.array(bulkBoothItem).max(5000) });
export const bulkBoothResult = z.object({ created: z.number().int(), updated: z.number().int(), deleted: z.number().int(), items: z.array(booth) });
export const assignBoothBody = z.object({ ids: z.array(id).min(1).max(500), exhibitorId: id.nullable() });
export const assignBoothResult = z.object({ items: z.array(booth) });

// ——— Geometry shared by the server's checks and the web editor ———
/** True when two rectangles share interior; touching edges is allowed (adjacent booths share a wall). */
export function rectsOverlap(a: BoothRect, b: BoothRect, epsilon = 1e-9): boolean {
  return a.x < b.x + b.w - epsilon && b.x < a.x + a.w - epsilon && a.y < b.y + b.h - epsilon && b.y < a.y + a.h - epsilon;
}

/** The first pair of overlapping rectangles (indexes, i < j), or null. Sweep by x, so a hall of thousands stays fast. */
export function firstOverlap(rects: readonly BoothRect[]): [number, number] | null {
  const order = rects.map((_, i) => i).sort((i, j) => rects[i]!.x - rects[j]!.x);
  for (let a = 0; a < order.length; a++) {
    const i = order[a]!;
    const ri = rects[i]!;
    for (let b = a + 1; b < order.length; b++) {
      const j = order[b]!;
      const rj = rects[j]!;
      if (rj.x >= ri.x + ri.w) break;
      if (rectsOverlap(ri, rj)) return i < j ? [i, j] : [j, i];
    }
  }
  return null;
}

/** Booth codes compare without case or surrounding spaces ("a-101" and "A-101" are one booth). */
export const normaliseBoothCode = (value: string) => value.trim().toUpperCase();

/** The first pair of booths with the same code (indexes, i < j), or null. */
export function firstDuplicateCode(codes: readonly string[]): [number, number] | null {
  const seen = new Map<string, number>();
  for (let i = 0; i < codes.length; i++) {
    const key = normaliseBoothCode(codes[i]!);
    const before = seen.get(key);
    if (before !== undefined) return [before, i];
    seen.set(key, i);
  }
  return null;
}

/** m² of a rectangle at `scale` metres per unit, to two decimals; null without a scale. */
export const computedArea = (r: Pick<BoothRect, 'w' | 'h'>, scale: number | null | undefined): number | null =>
  scale ? Math.round(r.w * r.h * scale * scale * 100) / 100 : null;

/** True when the rectangle lies inside a plan of that size. */
export const insidePlan = (r: BoothRect, plan: { width: number; height: number }, epsilon = 1e-9) => r.x + r.w <= plan.width + epsilon && r.y + r.h <= plan.height + epsilon;
