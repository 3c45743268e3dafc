import { and, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import {
  dataDownload,
  dataDownloadCreateBody,
  dataDownloadLog,
  dataDownloadLogBody,
  dataDownloadLogQuery,
  dataDownloadQuery,
  dataDownloadUpdateBody,
  ok as okSchema,
  page,
  Role,
  toPage,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { exhibitionScope, ofExhibition } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { mountResource, type Resource } from '../../http/resource.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitionDataDownload as download, exhibitionDataDownloadLog as downloadLog } from './tables.ts';
import { containing } from '../../db/like.ts';

type Row = typeof download.$inferSelect;
const toItem = (r: Row) => ({ id: r.id, exhibitionId: r.exhibitionId, title: r.title, titleEn: r.titleEn, url: r.url, fileName: r.fileName, showIndex: r.showIndex, isShow: r.isShow, createAt: r.createdAt.toISOString() });

/** The download centre's files: declared once, mounted on the paths below. Exhibitors see the shown files of their exhibition. */
const resource: Resource<Row, z.infer<typeof dataDownload>> = {
  name: 'dataDownload',
  table: download,
  item: dataDownload,
  toItem,
  permissions: { read: 'dataDownload.read', write: 'dataDownload.manage' },
  scope: (p) => ofExhibition(p, download.exhibitionId),
  showColumn: 'isShow',
  query: {
    body: dataDownloadQuery,
    where: (q: z.infer<typeof dataDownloadQuery>, p) => [
      q.exhibitionId ? eq(download.exhibitionId, q.exhibitionId) : undefined,
      p.role === Role.Exhibitor ? eq(download.isShow, true) : undefined,
    ],
  },
  create: {
    body: dataDownloadCreateBody,
    async values(body: z.infer<typeof dataDownloadCreateBody>, { tx, principal }) {
      const [exh] = await tx.select({ id: exhibition.id }).from(exhibition).where(and(exhibitionScope(principal), eq(exhibition.id, body.exhibitionId)));
      if (!exh) throw notFound('exhibition');
      return { ...body, titleEn: body.titleEn ?? null, fileName: body.fileName ?? null };
    },
  },
  update: { body: dataDownloadUpdateBody },
};

/** The download centre (资料下载, ExDown / down): the host offers files, exhibitors download them, the host sees who did. */
export const dataDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['dataDownload'];
  mountResource(app, resource, [
    { method: 'POST', url: '/api/v3/exhibitiondatadowload/exhibitor/page', op: 'query', summary: "Files of the download centre: the exhibitor's exhibition's shown ones, the host's all; by showIndex" },
    { method: 'POST', url: '/api/v3/exhibitiondatadowload', op: 'create', summary: 'Offer a file to the exhibitors of an exhibition' },
    { method: 'PATCH', url: '/api/v3/exhibitiondatadowload', op: 'update' },
    { method: 'DELETE', url: '/api/v3/exhibitiondatadowload', op: 'delete' },
    { method: 'PUT', url: '/api/v3/exhibitiondatadowload/show', op: 'show' },
  ]);

  app.post(
    '/api/v3/exhibitiondatadowload/log',
    { config: { permission: 'dataDownload.log' }, schema: { summary: 'The exhibitor downloads a file: logged, and the file (with its url) answered', tags, body: dataDownloadLogBody, response: { 200: okSchema(dataDownload) } } },
    async (request) => {
      const p = userOf(request);
      const [row] = await db
        .select()
        .from(download)
        .where(and(ofExhibition(p, download.exhibitionId), isNull(download.deletedAt), eq(download.isShow, true), eq(download.id, request.body.downloadId)));
      if (!row || !p.exhibitorId) throw notFound('dataDownload');
      await db.insert(downloadLog).values({ downloadId: row.id, exhibitorId: p.exhibitorId, userId: p.userId });
      return ok(toItem(row));
    },
  );

  app.post(
    '/api/v3/exhibitiondatadowload/log/page',
    { config: { permission: 'dataDownload.manage' }, schema: { summary: "Who downloaded the host's files, newest first", tags, body: dataDownloadLogQuery, response: { 200: okSchema(page(dataDownloadLog)) } } },
    async (request) => {
      const q = request.body;
      const where = and(
        ofExhibition(userOf(request), download.exhibitionId),
        q.exhibitionId ? eq(download.exhibitionId, q.exhibitionId) : undefined,
        q.downloadId ? eq(downloadLog.downloadId, q.downloadId) : undefined,
        q.companyName ? or(ilike(company.name, containing(q.companyName)), ilike(company.nameEn, containing(q.companyName))) : undefined,
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(downloadLog)
        .innerJoin(download, eq(download.id, downloadLog.downloadId))
        .innerJoin(exhibitor, eq(exhibitor.id, downloadLog.exhibitorId))
        .innerJoin(company, eq(company.id, exhibitor.companyId))
        .where(where);
      const rows = await db
        .select({ log: downloadLog, title: download.title, companyName: company.name })
        .from(downloadLog)
        .innerJoin(download, eq(download.id, downloadLog.downloadId))
        .innerJoin(exhibitor, eq(exhibitor.id, downloadLog.exhibitorId))
        .innerJoin(company, eq(company.id, exhibitor.companyId))
        .where(where)
        .orderBy(desc(downloadLog.createdAt), desc(downloadLog.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize);
      return ok(toPage(rows.map((r) => ({ id: r.log.id, downloadId: r.log.downloadId, title: r.title, exhibitorId: r.log.exhibitorId, companyName: r.companyName, userId: r.log.userId, createAt: r.log.createdAt.toISOString() })), total, q));
    },
  );
};
