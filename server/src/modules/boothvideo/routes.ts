import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import {
  EXHIBITION_VIDEO_LIMIT,
  EXHIBITOR_VIDEO_LIMIT,
  ErrorCode,
  Role,
  exhibitionVideo as exhibitionVideoSchema,
  exhibitionVideoCreateBody,
  exhibitionVideoPatchBody,
  exhibitionVideoQuery,
  exhibitorVideo as exhibitorVideoSchema,
  exhibitorVideoCreateBody,
  exhibitorVideoPatchBody,
  exhibitorVideoQuery,
  type ExhibitionVideo,
  type ExhibitorVideo,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, ofExhibitorInExhibition, reachableExhibition } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitionOfExhibitor, exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { limitError } from '../product/service.ts';
import type { VideoPolicy } from '../upload/video-policy.ts';
import { exhibitionVideo, exhibitorVideo } from './tables.ts';

type ExRow = typeof exhibitorVideo.$inferSelect;
type ExhRow = typeof exhibitionVideo.$inferSelect;
const iso = (d: Date) => d.toISOString();

/** Titles through the sensitive-word check, before the transaction (PGlite has one connection). */
const cleanTitles = async (body: { title?: string; titleEn?: string | null }, deps: Parameters<typeof checkText>[0]) => {
  const out = await checkText(deps, { title: body.title, titleEn: body.titleEn ?? undefined });
  return { ...body, ...(body.title !== undefined ? { title: out.title } : {}), ...(body.titleEn ? { titleEn: out.titleEn } : {}) };
};

const liveCount = async (tx: Executor, where: SQL) => (await tx.select({ n: count() }).from(exhibitorVideo).where(where))[0]?.n ?? 0;

/** The exhibitor's videos still live (the limit's count). */
const exhibitorVideos = (tx: Executor, exhibitorId: string) => liveCount(tx, and(eq(exhibitorVideo.exhibitorId, exhibitorId), isNull(exhibitorVideo.deletedAt))!);
const exhibitionVideos = async (tx: Executor, exhibitionId: string) =>
  (await tx.select({ n: count() }).from(exhibitionVideo).where(and(eq(exhibitionVideo.exhibitionId, exhibitionId), isNull(exhibitionVideo.deletedAt))))[0]?.n ?? 0;

/**
 * Upload purpose `exhibitorVideo` (docs/video.md): the exhibitor's own booth, or the `exhibitorId` a host
 * names; refused before a byte arrives (and again at the end) when the exhibitor already has its limit.
 */
export const exhibitorVideoPolicy: VideoPolicy = async (db, principal, metadata) => {
  const target = await loadExhibitor(db, principal, exhibitorIdFor(principal, metadata.exhibitorId));
  if ((await exhibitorVideos(db, target.exhibitor.id)) >= EXHIBITOR_VIDEO_LIMIT) throw limitError(ErrorCode.ExhibitorVideoLimit, 'exhibitorId', EXHIBITOR_VIDEO_LIMIT);
};

/** Upload purpose `exhibitionVideo`: the host's, for an exhibition it reaches, within the exhibition's limit. */
export const exhibitionVideoPolicy: VideoPolicy = async (db, principal, metadata) => {
  if (principal.role === Role.Exhibitor) throw forbidden();
  if (!metadata.exhibitionId) throw fieldError('exhibitionId', 'required');
  await reachableExhibition(db, principal, metadata.exhibitionId);
  if ((await exhibitionVideos(db, metadata.exhibitionId)) >= EXHIBITION_VIDEO_LIMIT) throw limitError(ErrorCode.ExhibitionVideoLimit, 'exhibitionId', EXHIBITION_VIDEO_LIMIT);
};

const exhibitorVideoResource: Resource<ExRow, ExhibitorVideo> = {
  name: 'exhibitorVideo',
  table: exhibitorVideo,
  item: exhibitorVideoSchema,
  toItem: (r) => ({ id: r.id, exhibitorId: r.exhibitorId, exhibitionId: r.exhibitionId, title: r.title, titleEn: r.titleEn, url: r.url, cover: r.cover, showIndex: r.showIndex, createAt: iso(r.createdAt), updateAt: iso(r.updatedAt) }),
  permissions: { read: 'exhibitorVideo.read', write: 'exhibitorVideo.write' },
  scope: (p: UserPrincipal) => ofExhibitorInExhibition(p, exhibitorVideo.exhibitorId, exhibitorVideo.exhibitionId),
  query: {
    body: exhibitorVideoQuery,
    where: (q: z.infer<typeof exhibitorVideoQuery>) => [q.exhibitionId ? eq(exhibitorVideo.exhibitionId, q.exhibitionId) : undefined, q.exhibitorId ? eq(exhibitorVideo.exhibitorId, q.exhibitorId) : undefined],
  },
  clean: cleanTitles,
  create: {
    body: exhibitorVideoCreateBody,
    async values(body: z.infer<typeof exhibitorVideoCreateBody>, { tx, principal }) {
      const target = await loadExhibitor(tx, principal, exhibitorIdFor(principal, body.exhibitorId));
      // Serialises concurrent saves of one exhibitor, so two cannot both pass the limit.
      await tx.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, target.exhibitor.id)).for('update');
      if ((await exhibitorVideos(tx, target.exhibitor.id)) >= EXHIBITOR_VIDEO_LIMIT) throw limitError(ErrorCode.ExhibitorVideoLimit, 'exhibitorId', EXHIBITOR_VIDEO_LIMIT);
      return { exhibitorId: target.exhibitor.id, exhibitionId: target.exhibitor.exhibitionId, title: body.title, titleEn: body.titleEn || null, url: body.url, cover: body.cover ?? null, showIndex: body.showIndex };
    },
  },
  update: { body: exhibitorVideoPatchBody },
};

const exhibitionVideoResource: Resource<ExhRow, ExhibitionVideo> = {
  name: 'exhibitionVideo',
  table: exhibitionVideo,
  item: exhibitionVideoSchema,
  toItem: (r) => ({ id: r.id, exhibitionId: r.exhibitionId, title: r.title, titleEn: r.titleEn, url: r.url, cover: r.cover, isShow: r.isShow, showIndex: r.showIndex, createAt: iso(r.createdAt), updateAt: iso(r.updatedAt) }),
  permissions: { read: 'exhibitionVideo.read', write: 'exhibitionVideo.manage' },
  scope: (p: UserPrincipal) => ofExhibition(p, exhibitionVideo.exhibitionId),
  query: { body: exhibitionVideoQuery, where: (q: z.infer<typeof exhibitionVideoQuery>) => [q.exhibitionId ? eq(exhibitionVideo.exhibitionId, q.exhibitionId) : undefined] },
  clean: cleanTitles,
  showColumn: 'isShow',
  create: {
    body: exhibitionVideoCreateBody,
    async values(body: z.infer<typeof exhibitionVideoCreateBody>, { tx, principal }) {
      await reachableExhibition(tx, principal, body.exhibitionId);
      await tx.select({ id: exhibition.id }).from(exhibition).where(eq(exhibition.id, body.exhibitionId)).for('update');
      if ((await exhibitionVideos(tx, body.exhibitionId)) >= EXHIBITION_VIDEO_LIMIT) throw limitError(ErrorCode.ExhibitionVideoLimit, 'exhibitionId', EXHIBITION_VIDEO_LIMIT);
      return { exhibitionId: body.exhibitionId, title: body.title, titleEn: body.titleEn || null, url: body.url, cover: body.cover ?? null, isShow: body.isShow, showIndex: body.showIndex };
    },
  },
  update: { body: exhibitionVideoPatchBody },
};

async function exhibitionOf(db: Executor, table: typeof exhibitorVideo | typeof exhibitionVideo, name: string, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: table.exhibitionId }).from(table).where(and(eq(table.id, id), isNull(table.deletedAt)));
  if (!row) throw notFound(name);
  return row.exhibitionId;
}

/** Booth videos of exhibitors and the host's exhibition videos (docs/products.md "Catalogue"), gated by `product`. */
export const boothVideoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const b = (r: FastifyRequest) => (r.body ?? {}) as { exhibitionId?: string; exhibitorId?: string };
  const gate = (find: (r: FastifyRequest) => Promise<string | null> | string | null) => ({ feature: 'product' as const, featureExhibition: find });
  const idOf = (r: FastifyRequest) => (r.query as { id: string }).id;
  const exId = gate((r) => exhibitionOf(db, exhibitorVideo, 'exhibitorVideo', idOf(r)));
  const exhId = gate((r) => exhibitionOf(db, exhibitionVideo, 'exhibitionVideo', idOf(r)));
  mountResource(app, exhibitorVideoResource, [
    {
      method: 'POST',
      url: '/api/v1/exhibitorvideo/query',
      op: 'query',
      summary: 'Booth videos by showIndex: the exhibitor’s own, a host’s exhibitions’ (filters exhibitionId, exhibitorId)',
      config: gate((r) => b(r).exhibitionId ?? (b(r).exhibitorId ? exhibitionOfExhibitor(db, b(r).exhibitorId!) : exhibitionOfRequest(r))),
    },
    {
      method: 'POST',
      url: '/api/v1/exhibitorvideo',
      op: 'create',
      summary: `Save an uploaded booth video (purpose exhibitorVideo) with its title: the exhibitor’s own, or the host’s for exhibitorId; at most ${EXHIBITOR_VIDEO_LIMIT} an exhibitor (4073)`,
      config: gate((r) => exhibitionOfExhibitor(db, exhibitorIdFor(userOf(r), b(r).exhibitorId))),
    },
    { method: 'PATCH', url: '/api/v1/exhibitorvideo', op: 'update', summary: 'Retitle or reorder a booth video', config: exId },
    { method: 'DELETE', url: '/api/v1/exhibitorvideo', op: 'delete', summary: 'Delete a booth video (soft)', config: exId },
  ]);
  mountResource(app, exhibitionVideoResource, [
    { method: 'POST', url: '/api/v1/exhibitionvideo/query', op: 'query', summary: 'The exhibition’s videos by showIndex (the host’s; exhibitors read their exhibition’s)', config: gate((r) => b(r).exhibitionId ?? exhibitionOfRequest(r)) },
    {
      method: 'POST',
      url: '/api/v1/exhibitionvideo',
      op: 'create',
      summary: `Save an uploaded exhibition video (purpose exhibitionVideo) with its title; at most ${EXHIBITION_VIDEO_LIMIT} an exhibition (4074)`,
      config: gate((r) => b(r).exhibitionId ?? null),
    },
    { method: 'PATCH', url: '/api/v1/exhibitionvideo', op: 'update', summary: 'Retitle, reorder, show or hide an exhibition video', config: exhId },
    { method: 'PUT', url: '/api/v1/exhibitionvideo/show', op: 'show', summary: 'Show or hide an exhibition video on the visitor site', config: gate((r) => exhibitionOf(db, exhibitionVideo, 'exhibitionVideo', (r.body as { id: string }).id)) },
    { method: 'DELETE', url: '/api/v1/exhibitionvideo', op: 'delete', summary: 'Delete an exhibition video (soft)', config: exhId },
  ]);
};
