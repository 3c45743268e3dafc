import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  createMenuBody,
  createMenuItemBody,
  ErrorCode,
  menu as menuSchema,
  menuItem as menuItemSchema,
  menuItemQuery,
  menuPowerDisplay,
  menuPowerDisplayQuery,
  menuPowerQuery,
  menuPowerSettings,
  menuQuery,
  ok as okSchema,
  patchMenuPowerBody,
  Role,
  updateMenuBody,
  updateMenuItemBody,
  type Menu,
  type MenuArea,
  type MenuItem,
} from '@pavilion/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { canReadHost } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { host } from '../host/tables.ts';
import { effectiveKeys } from '../version/service.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { feature } from '../version/tables.ts';
import { menu, menuItem, menuPower } from './tables.ts';

type MenuRow = typeof menu.$inferSelect;
type ItemRow = typeof menuItem.$inferSelect;
type TargetType = 'host' | 'exhibition';

const toMenu = (r: MenuRow): Menu => ({ id: r.id, name: r.name, nameEn: r.nameEn, area: r.area as MenuArea, description: r.description, showIndex: r.showIndex, createAt: r.createdAt.toISOString() });
const toItem = (r: ItemRow): MenuItem => ({
  id: r.id,
  menuId: r.menuId,
  parentId: r.parentId,
  name: r.name,
  nameEn: r.nameEn,
  path: r.path,
  featureKey: r.featureKey,
  icon: r.icon,
  showIndex: r.showIndex,
  createAt: r.createdAt.toISOString(),
});
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

async function checkItemRefs(tx: Executor, menuId: string, b: { parentId?: string | null | undefined; featureKey?: string | null | undefined }, selfId?: string) {
  if (b.parentId) {
    const [parent] = await tx.select().from(menuItem).where(eq(menuItem.id, b.parentId));
    if (!parent || parent.menuId !== menuId || parent.parentId || parent.id === selfId) throw notFound('menuItem');
  }
  if (b.featureKey) {
    const [f] = await tx.select({ id: feature.id }).from(feature).where(eq(feature.key, b.featureKey));
    if (!f) throw fieldError('featureKey', 'invalid');
  }
}

const menuResource: Resource<MenuRow, Menu> = {
  name: 'menu',
  table: menu,
  item: menuSchema,
  toItem: toMenu,
  permissions: { read: 'menu.manage', write: 'menu.manage' },
  query: { body: menuQuery, where: (q: z.infer<typeof menuQuery>) => [q.area ? eq(menu.area, q.area) : undefined] },
  create: { body: createMenuBody, values: (b: z.infer<typeof createMenuBody>) => ({ ...b, nameEn: b.nameEn ?? null, description: b.description ?? null }) },
  update: { body: updateMenuBody, values: (b: z.infer<typeof updateMenuBody>) => defined(b) },
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(menuItem).where(eq(menuItem.menuId, row.id));
    if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'menu' });
  },
};

const itemResource: Resource<ItemRow, MenuItem> = {
  name: 'menuItem',
  table: menuItem,
  item: menuItemSchema,
  toItem,
  permissions: { read: 'menu.manage', write: 'menu.manage' },
  unique: { menu_item_menu_path_key: 'path' },
  query: { body: menuItemQuery, where: (q: z.infer<typeof menuItemQuery>) => [q.menuId ? eq(menuItem.menuId, q.menuId) : undefined] },
  create: {
    body: createMenuItemBody,
    async values(b: z.infer<typeof createMenuItemBody>, { tx }) {
      const [m] = await tx.select({ id: menu.id }).from(menu).where(eq(menu.id, b.menuId));
      if (!m) throw notFound('menu');
      await checkItemRefs(tx, b.menuId, b);
      return { ...b, parentId: b.parentId ?? null, nameEn: b.nameEn ?? null, featureKey: b.featureKey || null, icon: b.icon ?? null };
    },
  },
  update: {
    body: updateMenuItemBody,
    async values(b: z.infer<typeof updateMenuItemBody>, row, { tx }) {
      await checkItemRefs(tx, row.menuId, b, row.id);
      return defined({ ...b, ...(b.featureKey === '' ? { featureKey: null } : {}) });
    },
  },
  async beforeDelete(row, { tx }) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(menuItem).where(eq(menuItem.parentId, row.id));
    if (n > 0) throw new AppError(ErrorCode.HasChildren, { what: 'menuItem' });
  },
};

type Target = { targetType: TargetType; targetId: string; area: MenuArea; hostId: string; exhibitionId: string | null };

/**
 * Whose menu the caller may read: the administrator any target; a host its own host and its
 * exhibitions' exhibitor side; an exhibitor its own exhibition's exhibitor side. Else 404.
 */
async function resolveTarget(db: Executor, me: UserPrincipal, q: { targetType: TargetType; targetId?: string | undefined; exhibitionId?: string | undefined }): Promise<Target> {
  const targetId = q.targetId ?? (q.targetType === 'host' ? me.hostIds[0] : me.exhibitionId ?? q.exhibitionId);
  if (!targetId) throw fieldError('targetId', 'required');
  if (q.targetType === 'host') {
    const [h] = await db.select({ id: host.id }).from(host).where(and(eq(host.id, targetId), isNull(host.deletedAt)));
    if (!h || me.role === Role.Exhibitor || !canReadHost(me, h.id)) throw notFound('host');
    let exhibitionId: string | null = null;
    if (q.exhibitionId) {
      const ex = await reachableExhibition(db, me, q.exhibitionId);
      if (ex.hostId !== h.id) throw notFound('exhibition');
      exhibitionId = ex.id;
    }
    return { targetType: 'host', targetId: h.id, area: 'host', hostId: h.id, exhibitionId };
  }
  const ex = await reachableExhibition(db, me, targetId);
  return { targetType: 'exhibition', targetId: ex.id, area: 'exhibitor', hostId: ex.hostId, exhibitionId: ex.id };
}

async function settingsOf(db: Executor, t: { targetType: TargetType; targetId: string }) {
  const rows = await db
    .select({ menuItemId: menuPower.menuItemId, isDisplay: menuPower.isDisplay, isPermitted: menuPower.isPermitted })
    .from(menuPower)
    .where(and(eq(menuPower.targetType, t.targetType), eq(menuPower.targetId, t.targetId)));
  return { targetType: t.targetType, targetId: t.targetId, items: rows };
}

export const menuRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const tags = ['menu'];

  mountResource(app, menuResource, [
    { method: 'POST', url: '/api/v3/menu/query', op: 'query', summary: 'Menu sets, paged, by showIndex (administrator)' },
    { method: 'POST', url: '/api/v3/menu', op: 'create' },
    { method: 'PATCH', url: '/api/v3/menu', op: 'update' },
    { method: 'DELETE', url: '/api/v3/menu', op: 'delete', summary: 'Delete a menu set; refused (4020) while it has entries' },
  ]);
  mountResource(app, itemResource, [
    { method: 'POST', url: '/api/v3/menuitem/query', op: 'query', summary: 'Menu entries, paged, by showIndex (administrator)' },
    { method: 'POST', url: '/api/v3/menuitem', op: 'create', summary: 'Add a menu entry: a route path, optionally gated by a feature key' },
    { method: 'PATCH', url: '/api/v3/menuitem', op: 'update' },
    { method: 'DELETE', url: '/api/v3/menuitem', op: 'delete', summary: 'Delete a menu entry; refused (4020) while it has children' },
  ]);

  r.get(
    '/api/v3/menupower/display',
    {
      config: { permission: 'menuPower.read' },
      schema: {
        summary:
          "The effective side menu of a target: every entry of the area's menus with isDisplay, isPermitted and featureEnabled (the exhibition's version). Targets default to the caller's own host or exhibition",
        tags,
        querystring: menuPowerDisplayQuery,
        response: { 200: okSchema(menuPowerDisplay) },
      },
    },
    async (request) => {
      const t = await resolveTarget(db, userOf(request), request.query);
      const rows = await db
        .select({ item: menuItem, isDisplay: menuPower.isDisplay, isPermitted: menuPower.isPermitted })
        .from(menuItem)
        .innerJoin(menu, eq(menu.id, menuItem.menuId))
        .leftJoin(menuPower, and(eq(menuPower.menuItemId, menuItem.id), eq(menuPower.targetType, t.targetType), eq(menuPower.targetId, t.targetId)))
        .where(eq(menu.area, t.area))
        .orderBy(asc(menu.showIndex), asc(menuItem.showIndex), asc(menuItem.createdAt));
      const keys = t.exhibitionId ? new Set(await effectiveKeys(db, t.exhibitionId)) : null;
      return ok({
        targetType: t.targetType,
        targetId: t.targetId,
        exhibitionId: t.exhibitionId,
        items: rows.map(({ item, isDisplay, isPermitted }) => {
          const { createAt: _createAt, ...entry } = toItem(item);
          return { ...entry, isDisplay: isDisplay ?? true, isPermitted: isPermitted ?? true, featureEnabled: !item.featureKey || !keys || keys.has(item.featureKey) };
        }),
      });
    },
  );

  r.get(
    '/api/v3/menupower',
    {
      config: { permission: 'menuPower.read' },
      schema: { summary: "A target's stored display and permission settings (entries not listed are shown and permitted)", tags, querystring: menuPowerQuery, response: { 200: okSchema(menuPowerSettings) } },
    },
    async (request) => ok(await settingsOf(db, await resolveTarget(db, userOf(request), request.query))),
  );

  r.patch(
    '/api/v3/menupower',
    {
      config: { permission: 'menu.manage' },
      schema: {
        summary: "Set entries' display and permission for a target (administrator); flags not sent keep their value",
        tags,
        querystring: menuPowerQuery,
        body: patchMenuPowerBody,
        response: { 200: okSchema(menuPowerSettings) },
      },
    },
    async (request) => {
      const t = await resolveTarget(db, userOf(request), request.query);
      const ids = [...new Set(request.body.items.map((i) => i.menuItemId))];
      const items = await db.select({ id: menuItem.id }).from(menuItem).innerJoin(menu, eq(menu.id, menuItem.menuId)).where(and(inArray(menuItem.id, ids), eq(menu.area, t.area)));
      if (items.length !== ids.length) throw notFound('menuItem');
      await db.transaction(async (tx) => {
        const before = await settingsOf(tx, t);
        for (const i of request.body.items) {
          const current = before.items.find((b) => b.menuItemId === i.menuItemId);
          const values = { isDisplay: i.isDisplay ?? current?.isDisplay ?? true, isPermitted: i.isPermitted ?? current?.isPermitted ?? true };
          await tx
            .insert(menuPower)
            .values({ targetType: t.targetType, targetId: t.targetId, menuItemId: i.menuItemId, ...values })
            .onConflictDoUpdate({ target: [menuPower.targetType, menuPower.targetId, menuPower.menuItemId], set: { ...values, updatedAt: new Date() } });
        }
        await writeOpLog(tx, actorOf(request), {
          action: 'menuPower.update',
          targetType: t.targetType,
          targetId: t.targetId,
          hostId: t.hostId,
          before: before.items,
          after: request.body.items,
        });
      });
      return ok(await settingsOf(db, t));
    },
  );
};
