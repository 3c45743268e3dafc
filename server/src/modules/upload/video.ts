import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { fileTypeFromFile } from 'file-type';
import { ErrorCode, VIDEO_TYPES, VIDEO_UPLOAD_PATH, type UploadedVideo } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { findNul } from '../../http/nul.ts';
import { ok } from '../../http/reply.ts';
import { detectFfmpeg, extractPoster } from './poster.ts';
import { fileTooLarge, newKeyStem, recordStored } from './stored.ts';
import { checkVideoPurpose } from './video-policy.ts';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes what unfinished uploads left in `dir` once they are older than `expiryMs`: the data
 * file and its `.json` record (tus's own sweep stops at the first record whose file is gone).
 */
export async function sweepStaleUploads(dir: string, expiryMs: number, now = Date.now()): Promise<number> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    if (!ID.test(id)) continue;
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (!stat || now - stat.mtimeMs <= expiryMs) continue;
    // A record's creation date is when the upload began; a data file's mtime is its last PATCH.
    if (name.endsWith('.json')) {
      const record = JSON.parse(await fs.promises.readFile(path.join(dir, name), 'utf8').catch(() => '{}')) as { creation_date?: string };
      const created = record.creation_date ? Date.parse(record.creation_date) : stat.mtimeMs;
      if (now - created <= expiryMs) continue;
    }
    await fs.promises.rm(path.join(dir, name), { force: true });
    removed += 1;
  }
  return removed;
}

/** Our request as the web Request tus reads; the body stays a stream (a PATCH can be hundreds of megabytes). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  const hasBody = request.method === 'PATCH' || (request.method === 'POST' && headers.get('content-type') === 'application/offset+octet-stream');
  return new Request(`http://localhost${request.url}`, {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Resumable video uploads with the tus 1.0 protocol (@tus/server and its file store): partial data
 * under DATA_DIR/tmp/video-uploads, checked by content when complete, then moved into the storage
 * driver under our key scheme with a poster frame beside it when ffmpeg is present.
 */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, storage, db } = app.deps;
  const { maxBytes, expiryMs } = config.video;
  const directory = path.join(config.dataDir, 'tmp', 'video-uploads');
  await fs.promises.mkdir(directory, { recursive: true });
  const ffmpeg = await detectFfmpeg(config.video.ffmpeg);
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });

  // The tus hooks see the web Request only: who sent it, and an error of ours to answer in the envelope.
  const callers = new WeakMap<Request, UserPrincipal>();
  const failures = new WeakMap<Request, unknown>();

  const metadataOf = (upload: { metadata?: Record<string, string | null> }) =>
    Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([k, v]) => [k, v ?? '']));

  const finish = async (principal: UserPrincipal, upload: { id: string; size?: number; metadata?: Record<string, string | null> }): Promise<UploadedVideo> => {
    const file = path.join(directory, upload.id);
    const meta = metadataOf(upload);
    // The type from the bytes, as the picture upload takes it (file-type): an MP4 or WebM video, nothing else.
    const kind = await fileTypeFromFile(file);
    try {
      if (!kind || !VIDEO_TYPES.includes(kind.mime)) throw new AppError(ErrorCode.NotAVideo);
      await checkVideoPurpose(db, principal, meta);
    } catch (err) {
      await datastore.remove(upload.id).catch(() => {});
      throw err;
    }
    const stem = newKeyStem();
    const key = `${stem}.${kind.ext}`;
    const size = upload.size ?? (await fs.promises.stat(file)).size;
    const name = meta.filename || `video.${kind.ext}`;
    const ownerUserId = principal.userId;
    await storage.putFile(key, file, kind.mime);
    let posterUrl: string | null = null;
    if (ffmpeg) {
      const jpeg = `${file}.jpg`;
      if (await extractPoster(ffmpeg, file, jpeg)) {
        const posterKey = `${stem}.jpg`;
        await storage.putFile(posterKey, jpeg, 'image/jpeg');
        const poster = { key: posterKey, name: `${path.parse(name).name}.jpg`, contentType: 'image/jpeg', size: (await fs.promises.stat(jpeg)).size, ownerUserId };
        posterUrl = (await recordStored(db, storage, poster)).url;
      }
      await fs.promises.rm(jpeg, { force: true });
    }
    const video = await recordStored(db, storage, { key, name, contentType: kind.mime, size, ownerUserId });
    await datastore.remove(upload.id).catch(() => {});
    return { ...video, posterUrl };
  };

  const tus = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    // Same-origin only, like the rest of the API: no Access-Control-Allow-Origin.
    allowedOrigins: () => false,
    namingFunction: () => randomUUID(),
    async onUploadCreate(req, upload) {
      const principal = callers.get(req)!;
      const meta = metadataOf(upload);
      for (const [k, v] of Object.entries(meta)) if (findNul(k) !== null || findNul(v) !== null) throw fieldError(k, 'nul');
      const purpose = await checkVideoPurpose(db, principal, meta);
      // The owner is ours to say, whatever the client sent; HEAD, PATCH and DELETE of anyone else answer 404.
      const filename = path.basename(meta.filename ?? '').slice(0, 200);
      return { metadata: { ...meta, filename, purpose, owner: principal.userId } };
    },
    async onUploadFinish(req, upload) {
      const result = await finish(callers.get(req)!, upload);
      return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(ok(result)) };
    },
    onResponseError(req, err) {
      // tus's own protocol errors carry a status; anything else (ours, or a failure) goes to the error handler.
      if (!('status_code' in err)) {
        failures.set(req, err);
        return { status_code: 500, body: '' };
      }
      return undefined;
    },
  });

  // Stale unfinished uploads go at start and then hourly (or at the expiry, when shorter).
  const sweep = () => sweepStaleUploads(directory, expiryMs).catch((err: unknown) => app.log.warn({ err }, 'video upload sweep failed'));
  await sweep();
  const timer = setInterval(() => void sweep(), Math.min(expiryMs, 3600_000));
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /** The upload, when it exists and the caller started it; anything else is 404, as another tenant's record. */
  const ownUpload = async (id: string, principal: UserPrincipal) => {
    const record = ID.test(id) ? await datastore.configstore.get(id).catch(() => undefined) : undefined;
    if (!record || record.metadata?.owner !== principal.userId) throw notFound('videoUpload');
  };

  const checkCreation = (request: FastifyRequest) => {
    if (request.headers['upload-defer-length'] !== undefined) throw fieldError('Upload-Length', 'required');
    const length = request.headers['upload-length'];
    if (length === undefined) throw fieldError('Upload-Length', 'required');
    if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw fieldError('Upload-Length', 'type', { expected: 'integer' });
    if (Number(length) === 0) throw new AppError(ErrorCode.FileEmpty, { name: 'video' });
    if (Number(length) > maxBytes) throw fileTooLarge(maxBytes);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const req = webRequest(request);
    if (request.method !== 'OPTIONS') {
      const principal = userOf(request);
      const { id } = request.params as { id?: string };
      if (id !== undefined) await ownUpload(id, principal);
      if (request.method === 'POST') checkCreation(request);
      callers.set(req, principal);
    }
    const res = await tus.handleWeb(req);
    if (failures.has(req)) throw failures.get(req);
    if (res.status === 404 || res.status === 410) throw notFound('videoUpload');
    if (res.status === 413) throw fileTooLarge(maxBytes);
    for (const [name, value] of res.headers) if (name !== 'content-length') void reply.header(name, value);
    const body = await res.text();
    return reply.status(res.status).send(body === '' ? undefined : body);
  };

  // PATCH bodies are the raw bytes: tus reads the stream itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const guarded = { config: { permission: 'video.upload' as const }, schema: { hide: true } };
  app.options(VIDEO_UPLOAD_PATH, { config: { public: true }, schema: { hide: true } }, handle);
  app.post(VIDEO_UPLOAD_PATH, guarded, handle);
  app.head(`${VIDEO_UPLOAD_PATH}/:id`, guarded, handle);
  app.patch(`${VIDEO_UPLOAD_PATH}/:id`, guarded, handle);
  app.delete(`${VIDEO_UPLOAD_PATH}/:id`, guarded, handle);
};
