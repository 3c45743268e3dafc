import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ErrorCode, ok as okSchema, page, toPage, type PageRequest, type PermissionKey } from '@pavilion/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { Executor } from '../db/client.ts';
import { writeOpLog } from '../oplog/oplog.ts';
import { AppError, notFound } from './errors.ts';
import { ok } from './reply.ts';
import { cachedReply } from './cached-reply.ts';
import { inTransaction, type WriteContext } from '../core/write.ts';
import type { Deps } from '../deps.ts';

type Row = Record<string, any>;
type Values = Record<string, unknown>;

/** A resource's write: the transaction, who asks and the app's services, never the HTTP request. */
export type ResourceContext = WriteContext & { deps: Deps };

/**
 * One resource described once: its table, item shape, permissions, tenancy and the rules of its
 * writes. `mountResource` maps the spec's irregular paths onto the shared handlers below, so a
 * list, a form, a delete or a show switch is declared, not written again per resource.
 */
export type Resource<TRow extends Row, Item> = {
  /** Singular name: the operation log's target type and the 404 message's noun. */
  name: string;
  table: PgTable;
  item: z.ZodType<Item>;
  toItem(row: TRow): Item;
  /** `read` for get and query, `write` for the rest; `query`, `create`, `delete` override them for that operation. */
  permissions: { read: PermissionKey; write: PermissionKey; query?: PermissionKey; create?: PermissionKey; delete?: PermissionKey };
  /** Tenancy, from server/src/auth/scope.ts: the rows this principal may see and change. */
  scope?(principal: UserPrincipal): SQL | undefined;
  query?: { body: z.ZodType<PageRequest & Record<string, unknown>>; where?(q: any, principal: UserPrincipal): (SQL | undefined)[]; orderBy?: SQL[] };
  create?: { body: z.ZodType<any>; values(body: any, ctx: ResourceContext): Values | Promise<Values> };
  /** `values` defaults to the body; fields left undefined (not sent) are never written either way. */
  update?: { body: z.ZodType<any>; values?(body: any, row: TRow, ctx: ResourceContext): Values | Promise<Values> };
  /** Cleans a create or change body before its transaction (sensitive words read the database; PGlite has one connection). */
  clean?(body: any, deps: Deps): Promise<any>;
  /** Throws (e.g. a 409) when the row must not be deleted. */
  beforeDelete?(row: TRow, ctx: ResourceContext): Promise<void>;
  /** Column toggled by the show/hide call. */
  showColumn?: string;
  /** Unique constraints and the field each one names in a 409. */
  unique?: Record<string, string>;
  hostIdOf?(row: TRow): string | null;
  /** Run after every committed write (e.g. to drop a cache). */
  afterWrite?(): Promise<void>;
};

export type Operation = 'get' | 'query' | 'create' | 'update' | 'delete' | 'bulkDelete' | 'show';

export type RouteSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  op: Operation;
  /** Where the record's id comes from: a query parameter (default `id`) or the body's `id`. */
  idFrom?: { query: string } | 'body';
  summary?: string;
  /** More route configuration, e.g. the feature gate (`feature`, `featureExhibition`). */
  config?: FastifyContextConfig;
};

/** The fields given a value: a partial body's absent ones are not a change. */
const sent = (o: Values) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

export function mountResource<TRow extends Row, Item>(app: FastifyInstance, res: Resource<TRow, Item>, routes: RouteSpec[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const cols = columnsOf(res.table);
  const idCol = cols.id!;
  const live = cols.deletedAt ? isNull(cols.deletedAt) : undefined;
  const scoped = (p: UserPrincipal, ...more: (SQL | undefined)[]) => and(live, res.scope?.(p), ...more);
  const tags = [res.name];
  const itemOk = okSchema(res.item);
  const done = okSchema(z.boolean());
  const defaultOrder = [cols.showIndex ? asc(cols.showIndex) : undefined, cols.createdAt ? desc(cols.createdAt) : undefined].filter(Boolean) as SQL[];

  const load = async (tx: Executor, p: UserPrincipal, id: string): Promise<TRow> => {
    const [row] = await tx.select().from(res.table as any).where(scoped(p, eq(idCol, id))).limit(1);
    if (!row) throw notFound(res.name);
    return row as TRow;
  };

  /** The change and its operation-log row commit together; a unique clash is a 409 naming the field. */
  const write = async <T>(request: FastifyRequest, work: (ctx: ResourceContext) => Promise<T>): Promise<T> => {
    const out = await inTransaction(app, request, (ctx) => work({ ...ctx, deps: app.deps }), { unique: res.unique ?? {}, fallback: 'name' });
    await res.afterWrite?.();
    return out;
  };
  const log = (ctx: ResourceContext, action: string, row: TRow, before?: unknown, after?: unknown) =>
    writeOpLog(ctx.tx, ctx.actor, { action: `${res.name}.${action}`, targetType: res.name, targetId: String(row.id), hostId: res.hostIdOf?.(row) ?? null, before, after });

  const idQuery = (spec: RouteSpec) => {
    const name = spec.idFrom && spec.idFrom !== 'body' ? spec.idFrom.query : 'id';
    return { name, schema: z.object({ [name]: z.uuid(), t: z.union([z.string(), z.number()]).optional() }) };
  };
  const idOf = (spec: RouteSpec, request: FastifyRequest): string =>
    spec.idFrom === 'body' ? (request.body as { id: string }).id : (request.query as Record<string, string>)[idQuery(spec).name]!;

  for (const spec of routes) {
    const base = { method: spec.method, url: spec.url } as const;
    const summary = spec.summary;
    switch (spec.op) {
      case 'get': {
        const q = idQuery(spec);
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.read },
          schema: { summary: summary ?? `One ${res.name}`, tags, querystring: q.schema, response: { 200: itemOk } },
          handler: async (request, reply) => cachedReply(db, request, reply, async () => ok(res.toItem(await load(db, userOf(request), idOf(spec, request))))),
        });
        break;
      }
      case 'query': {
        const query = res.query;
        if (!query) throw new Error(`${res.name}: query route without a query description`);
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.query ?? res.permissions.read },
          schema: { summary: summary ?? `${res.name} list, paged`, tags, body: query.body, response: { 200: okSchema(page(res.item)) } },
          handler: async (request, reply) =>
            cachedReply(db, request, reply, async () => {
              const p = userOf(request);
              const q = request.body as PageRequest;
              const where = scoped(p, ...(query.where?.(q, p) ?? []));
              const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(res.table as any).where(where);
              const rows = await db
                .select()
                .from(res.table as any)
                .where(where)
                .orderBy(...(query.orderBy ?? defaultOrder))
                .limit(q.pageSize)
                .offset((q.pageIndex - 1) * q.pageSize);
              return ok(toPage((rows as TRow[]).map(res.toItem), total, q));
            }),
        });
        break;
      }
      case 'create': {
        const create = res.create;
        if (!create) throw new Error(`${res.name}: create route without a create description`);
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.create ?? res.permissions.write },
          schema: { summary: summary ?? `Create a ${res.name}`, tags, body: create.body, response: { 200: itemOk } },
          handler: async (request) => {
            const body = res.clean ? await res.clean(request.body, app.deps) : request.body;
            return ok(
              await write(request, async (ctx) => {
                const [row] = (await ctx.tx.insert(res.table as any).values(await create.values(body, ctx)).returning()) as TRow[];
                await log(ctx, 'create', row as TRow, undefined, row);
                return res.toItem(row as TRow);
              }),
            );
          },
        });
        break;
      }
      case 'update': {
        const update = res.update;
        if (!update) throw new Error(`${res.name}: update route without an update description`);
        const q = idQuery(spec);
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.write },
          schema: {
            summary: summary ?? `Change a ${res.name} (only the fields sent)`,
            tags,
            ...(spec.idFrom === 'body' ? { body: update.body } : { querystring: q.schema, body: update.body }),
            response: { 200: itemOk },
          },
          handler: async (request) => {
            const body = res.clean ? await res.clean(request.body, app.deps) : request.body;
            return ok(
              await write(request, async (ctx) => {
                const before = await load(ctx.tx, ctx.principal, idOf(spec, request));
                const values = sent(update.values ? await update.values(body, before, ctx) : (body as Values));
                const after = Object.keys(values).length
                  ? ((await ctx.tx.update(res.table as any).set(values).where(eq(idCol, before.id)).returning()) as TRow[])[0]
                  : before;
                await log(ctx, 'update', after as TRow, before, after);
                return res.toItem(after as TRow);
              }),
            );
          },
        });
        break;
      }
      case 'delete': {
        const q = idQuery(spec);
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.delete ?? res.permissions.write },
          schema: { summary: summary ?? `Delete a ${res.name}`, tags, querystring: q.schema, response: { 200: done } },
          handler: async (request) =>
            ok(
              await write(request, async (ctx) => {
                const row = await load(ctx.tx, ctx.principal, idOf(spec, request));
                await remove(ctx, row);
                return true;
              }),
            ),
        });
        break;
      }
      case 'bulkDelete': {
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.delete ?? res.permissions.write },
          schema: { summary: summary ?? `Delete several ${res.name} records; all or none`, tags, body: z.object({ ids: z.array(z.uuid()).min(1).max(1000) }), response: { 200: okSchema(z.object({ deleted: z.number().int() })) } },
          handler: async (request) => {
            const ids = [...new Set((request.body as { ids: string[] }).ids)];
            return ok(
              await write(request, async (ctx) => {
                const rows = (await ctx.tx.select().from(res.table as any).where(scoped(ctx.principal, inArray(idCol, ids)))) as TRow[];
                if (rows.length !== ids.length) throw notFound(res.name);
                for (const row of rows) await remove(ctx, row);
                return { deleted: rows.length };
              }),
            );
          },
        });
        break;
      }
      case 'show': {
        const column = res.showColumn;
        if (!column || !cols[column]) throw new Error(`${res.name}: show route without a show column`);
        r.route({
          ...base,
          config: { ...spec.config, permission: res.permissions.write },
          schema: { summary: summary ?? `Show or hide a ${res.name}`, tags, body: z.object({ id: z.uuid(), isShow: z.boolean() }), response: { 200: itemOk } },
          handler: async (request) =>
            ok(
              await write(request, async (ctx) => {
                const body = request.body as { id: string; isShow: boolean };
                const before = await load(ctx.tx, ctx.principal, body.id);
                const [after] = await ctx.tx.update(res.table as any).set({ [column]: body.isShow }).where(eq(idCol, body.id)).returning();
                await log(ctx, body.isShow ? 'show' : 'hide', after as TRow, { [column]: before[column] }, { [column]: body.isShow });
                return res.toItem(after as TRow);
              }),
            ),
        });
        break;
      }
    }
  }

  async function remove(ctx: ResourceContext, row: TRow) {
    await res.beforeDelete?.(row, ctx);
    if (cols.deletedAt) await ctx.tx.update(res.table as any).set({ deletedAt: new Date() }).where(eq(idCol, row.id));
    else await ctx.tx.delete(res.table as any).where(eq(idCol, row.id));
    await log(ctx, 'delete', row, row);
  }
}

/** A 409 for a record still in use, naming what holds it. */
export const inUse = (code: ErrorCode = ErrorCode.Conflict) => new AppError(code);
