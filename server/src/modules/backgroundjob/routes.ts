import { and, eq, inArray } from 'drizzle-orm';
import {
  ErrorCode,
  JobType,
  MAX_IMPORT_ROWS,
  Role,
  backgroundJob as jobSchema,
  backgroundJobQuery,
  cacheBuster,
  copyExhibitionBody,
  copyExhibitorsBody,
  exhibitorImportColumns,
  exportExhibitorsBody,
  importQuery,
  jobFileQuery,
  jobIdQuery,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.ts';
import { langOf } from '../../http/i18n.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { backgroundJob } from '../../jobs/tables.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { attachment, importTemplate, MB, queueImport } from './import-upload.ts';
import { sheetNames } from './messages.ts';
import { createJob, loadJob, queryJobs, toJobItem } from './service.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { XLSX_MIME } from './xlsx.ts';

const tags = ['backgroundjob'];
const jobOk = okSchema(jobSchema);

/** The exhibitor template: the header row in Chinese and English, one example row, the rules on a second sheet. */
const exhibitorTemplate = () =>
  importTemplate(sheetNames.template, exhibitorImportColumns, [['', '示例科技有限公司', 'Example Technology Co., Ltd.', '浙江省/杭州市', '文三路 1 号', 'A1-01', '36', '', '0571-88888888', 'info@example.com', '']], [
    '* 为必填列。展商ID 留空为新增；填写则更新本展会的该展商；否则按公司名称（忽略大小写和空格）匹配更新。',
    '* is required. Leave Exhibitor ID blank to add; fill it to update that exhibitor; otherwise rows match by company name (case and spaces ignored).',
    '空白单元格不会覆盖已有数据。 Blank cells never overwrite stored values.',
    '所在地区按地区目录填写“省/市/区”（中文或英文名）；展位面积填写平方米数。 Region: province/city/district as in the location directory (Chinese or English names); booth area: square metres.',
    '展品类别填写类别名称，多个用逗号分隔，数量不超过展会设置。 Categories: names separated by commas, at most the exhibition’s limit.',
    `文件不超过 ${MB}MB、${MAX_IMPORT_ROWS} 行；任何一行有误时不导入任何数据。 At most ${MB} MB and ${MAX_IMPORT_ROWS} rows; any broken row stops the whole import.`,
  ]);

export const backgroundJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared, storage } = app.deps;

  const startImport = (request: FastifyRequest, query: z.infer<typeof importQuery>) => queueImport(app.deps, request, query, { type: JobType.ExhibitorImport, columns: exhibitorImportColumns });
  const importSchema = (summary: string) => ({
    summary,
    tags,
    consumes: ['multipart/form-data'],
    querystring: importQuery,
    response: { 200: jobOk },
  });

  app.post(
    '/api/v3/backgroundjob/import/exhibitor',
    {
      config: { permission: 'backgroundJob.import' },
      schema: importSchema(`Import exhibitors from an .xlsx (multipart: file, exhibitionId, dryRun), at most ${MB} MB and ${MAX_IMPORT_ROWS} rows; answers the queued job`),
    },
    async (request) => startImport(request, request.query),
  );

  app.post(
    '/api/v3/exhibitor/import',
    {
      config: { permission: 'backgroundJob.import' },
      schema: importSchema('The direct import call (?exhibitionId, multipart file): the same import as a background job; answers the job'),
    },
    async (request) => startImport(request, request.query),
  );

  app.get(
    '/api/v3/exhibitor/import/template',
    { config: { permission: 'backgroundJob.import' }, schema: { summary: 'The exhibitor import template (.xlsx), headers in Chinese and English', tags, querystring: cacheBuster } },
    async (request, reply) => {
      const lang = langOf(request);
      return attachment(reply, lang === 'en' ? 'exhibitor-import-template.xlsx' : '展商导入模板.xlsx', XLSX_MIME).send(await exhibitorTemplate());
    },
  );

  app.post(
    '/api/v3/backgroundjob/export',
    {
      config: { permission: 'backgroundJob.export' },
      schema: { summary: "Export an exhibition's exhibitors (the host list's filters) to .xlsx; answers the queued job, whose output is downloadable", tags, body: exportExhibitorsBody, response: { 200: jobOk } },
    },
    async (request) => {
      const p = userOf(request);
      const exh = await reachableExhibition(db, p, request.body.exhibitionId);
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.ExhibitorExport, exhibitionId: exh.id, hostId: exh.hostId, params: { filters: request.body.filters ?? {} } });
      return ok(toJobItem(row));
    },
  );

  app.post(
    '/api/v3/backgroundjob/exhibitor/copy/byhistory',
    {
      config: { permission: 'backgroundJob.copy' },
      schema: { summary: 'Copy exhibitors (all, or those named) of a past exhibition into another exhibition of the same host; answers the queued job', tags, body: copyExhibitorsBody, response: { 200: jobOk } },
    },
    async (request) => {
      const p = userOf(request);
      const body = request.body;
      if (body.fromExhibitionId === body.toExhibitionId) throw fieldError('toExhibitionId', 'invalid');
      const from = await reachableExhibition(db, p, body.fromExhibitionId);
      const to = await reachableExhibition(db, p, body.toExhibitionId);
      if (from.hostId !== to.hostId) throw new AppError(ErrorCode.CopyAcrossHosts);
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.ExhibitorCopy, exhibitionId: to.id, hostId: to.hostId, params: { ...body } });
      return ok(toJobItem(row));
    },
  );

  app.post(
    '/api/v3/backgroundjob/exhibition/copy/byhistory',
    {
      config: { permission: 'backgroundJob.copy' },
      schema: { summary: "Copy an exhibition's fields, settings, halls, schedules and version into a new exhibition of the same host; the job's result names it", tags, body: copyExhibitionBody, response: { 200: jobOk } },
    },
    async (request) => {
      const p = userOf(request);
      const from = await reachableExhibition(db, p, request.body.fromExhibitionId);
      // A new exhibition is the host's: staff limited to some exhibitions may not create one.
      if (p.role === Role.Host && !p.fullHostIds.includes(from.hostId)) throw forbidden();
      const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, { type: JobType.ExhibitionCopy, exhibitionId: from.id, hostId: from.hostId, params: { ...request.body } });
      return ok(toJobItem(row));
    },
  );

  app.post(
    '/api/v3/backgroundjob/query',
    {
      config: { permission: 'backgroundJob.read' },
      schema: { summary: "Jobs with their progress, newest first: a host's exhibitions', the administrator's all", tags, body: backgroundJobQuery, response: { 200: okSchema(page(jobSchema)) } },
    },
    async (request) => ok(await queryJobs(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v3/backgroundjob',
    { config: { permission: 'backgroundJob.read' }, schema: { summary: 'One job: state, progress, result, files', tags, querystring: jobIdQuery, response: { 200: jobOk } } },
    async (request) => ok(toJobItem(await loadJob(db, userOf(request), request.query.id))),
  );

  app.get(
    '/api/v3/backgroundjob/download',
    { config: { permission: 'backgroundJob.read' }, schema: { summary: "A job's file, streamed: `output` (export), `report` (import errors) or `input` (the uploaded sheet)", tags, querystring: jobFileQuery } },
    async (request, reply) => {
      const job = await loadJob(db, userOf(request), request.query.id);
      const file = job.files[request.query.file];
      if (!file) throw notFound('file');
      const stream = await storage.open(file.key).catch(() => {
        throw notFound('file');
      });
      return attachment(reply, file.name, file.contentType).send(stream);
    },
  );

  app.post(
    '/api/v3/backgroundjob/cancel',
    { config: { permission: 'backgroundJob.cancel' }, schema: { summary: 'Cancel a queued or running job (a running import rolls back)', tags, querystring: jobIdQuery, response: { 200: jobOk } } },
    async (request) => {
      const p = userOf(request);
      const job = await loadJob(db, p, request.query.id);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(backgroundJob)
          .set({ state: 'cancelled', finishedAt: new Date(), lockedBy: null, lockedUntil: null })
          .where(and(eq(backgroundJob.id, job.id), inArray(backgroundJob.state, ['queued', 'running'])))
          .returning();
        if (!updated) throw new AppError(ErrorCode.JobFinished);
        await writeOpLog(tx, actorOf(request), { action: 'backgroundJob.cancel', targetType: 'backgroundJob', targetId: job.id, hostId: job.hostId, before: { state: job.state }, after: { state: 'cancelled' } });
        return updated;
      });
      return ok(toJobItem(row));
    },
  );
};
