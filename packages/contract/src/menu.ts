import { z } from 'zod';
import { cacheBuster, id, pageRequest } from './envelope.ts';

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().min(1).max(max);
const optText = (max: number) => z.string().trim().max(max).nullish();

/** Which side menu a menu set builds: the host area's or an exhibition's exhibitor area. */
export const menuArea = z.enum(['host', 'exhibitor']);
export type MenuArea = z.infer<typeof menuArea>;

export const menu = z.object({
  id,
  name: z.string(),
  nameEn: z.string().nullable(),
  area: menuArea,
  description: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
});
export type Menu = z.infer<typeof menu>;
const showIndex = z.number().int().min(0).max(1_000_000);
const menuFields = z.object({ name: text(50), nameEn: optText(100), area: menuArea, description: optText(500), showIndex });
export const createMenuBody = menuFields.extend({ showIndex: showIndex.default(0) });
/** Only the fields sent change (no defaults here, so an update never resets `showIndex`). */
export const updateMenuBody = menuFields.partial();
export const menuQuery = pageRequest.extend({ area: menuArea.optional() });

/** One entry of a side menu: a route path of the web app, gated by a feature key when set. */
export const menuItem = z.object({
  id,
  menuId: id,
  parentId: id.nullable(),
  name: z.string(),
  nameEn: z.string().nullable(),
  path: z.string(),
  featureKey: z.string().nullable(),
  icon: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
});
export type MenuItem = z.infer<typeof menuItem>;
const menuItemFields = z.object({
  menuId: id,
  parentId: id.nullish(),
  name: text(50),
  nameEn: optText(100),
  path: z.string().trim().regex(/^\/[A-Za-z0-9/_.:-]*$/).max(200),
  featureKey: z.string().trim().max(50).nullish(),
  icon: optText(50),
  showIndex,
});
export const createMenuItemBody = menuItemFields.extend({ showIndex: showIndex.default(0) });
export const updateMenuItemBody = menuItemFields.omit({ menuId: true }).partial();
export const menuItemQuery = pageRequest.extend({ menuId: id.optional() });

/** Whose menu: a host (its host area) or an exhibition (its exhibitor area). */
export const menuPowerTargetType = z.enum(['host', 'exhibition']);
export const menuPowerQuery = z.object({ targetType: menuPowerTargetType, targetId: id }).extend(cacheBuster.shape);
/** The target defaults to the caller's own host (role 1) or exhibition (role 0). */
export const menuPowerDisplayQuery = z
  .object({
    targetType: menuPowerTargetType,
    targetId: id.optional(),
    /** For a host target: the exhibition whose features decide `featureEnabled`. */
    exhibitionId: id.optional(),
  })
  .extend(cacheBuster.shape);
export const menuPowerSetting = z.object({ menuItemId: id, isDisplay: z.boolean(), isPermitted: z.boolean() });
export const menuPowerSettings = z.object({ targetType: menuPowerTargetType, targetId: id, items: z.array(menuPowerSetting) });
export const patchMenuPowerBody = z.object({
  items: z
    .array(z.object({ menuItemId: id, isDisplay: z.boolean().optional(), isPermitted: z.boolean().optional() }))
    .min(1)
    .max(1000),
});
export const menuPowerEntry = menuItem.omit({ createAt: true }).extend({
  /** Shown in the side menu (default true). */
  isDisplay: z.boolean(),
  /** May be opened (default true); false shows the not-opened message instead. */
  isPermitted: z.boolean(),
  /** The exhibition has the item's feature (true when the item has none or no exhibition applies). */
  featureEnabled: z.boolean(),
});
export type MenuPowerEntry = z.infer<typeof menuPowerEntry>;
export const menuPowerDisplay = z.object({
  targetType: menuPowerTargetType,
  targetId: id,
  exhibitionId: id.nullable(),
  items: z.array(menuPowerEntry),
});
export type MenuPowerDisplay = z.infer<typeof menuPowerDisplay>;
