import path from 'node:path';
import send from '@fastify/send';
import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode, MAX_FILE_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_COUNT, ok as okSchema, uploadedFile, type UploadedFile } from '@pavilion/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { userOf } from '../../auth/guard.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { findNul } from '../../http/nul.ts';
import { ok } from '../../http/reply.ts';
import { enforceLimits } from '../../infra/rate-limit.ts';
import { fileTooLarge, newKeyStem, recordStored } from './stored.ts';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);
const FILE_TYPES = new Set([
  ...IMAGE_TYPES,
  'application/pdf',
  'application/zip',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'video/mp4',
  'audio/mpeg',
]);
const TEXT_EXT: Record<string, string> = { '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8' };
const MIME_OF_EXT: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', pdf: 'application/pdf',
  zip: 'application/zip', cfb: 'application/x-cfb', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8',
};

type Incoming = { name: string; data: Buffer };

/** Uploads with a client token (the anonymous settling page) per IP and hour. */
export const CLIENT_UPLOAD_LIMIT = { limit: 20, windowSeconds: 3600 };

/** Reads every file part first, so a refused file leaves nothing stored. */
async function readFiles(request: FastifyRequest, maxCount: number, maxBytes: number): Promise<Incoming[]> {
  if (!request.isMultipart()) throw fieldError('files', 'required');
  const files: Incoming[] = [];
  const tooLarge = () => (maxBytes === MAX_IMAGE_BYTES ? new AppError(ErrorCode.PayloadTooLarge) : fileTooLarge(maxBytes));
  const parts = request.files({ limits: { fileSize: maxBytes, files: maxCount + 1 } });
  try {
    for await (const part of parts) {
      if (files.length >= maxCount) {
        part.file.resume();
        throw new AppError(ErrorCode.TooManyFiles);
      }
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > maxBytes) throw tooLarge();
      // PostgreSQL text cannot hold a NUL (server/src/http/nul.ts); the name is stored.
      if (findNul(part.filename) !== null) throw fieldError(part.fieldname, 'nul');
      const name = path.basename(part.filename || 'file');
      if (data.length === 0)
        throw new AppError(ErrorCode.FileEmpty, { name }, undefined, undefined, [{ field: part.fieldname, issue: ErrorCode.FileEmpty, params: { name } }]);
      files.push({ name, data });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (files.length === 0) throw fieldError('files', 'required');
  return files;
}

/** The type is taken from the bytes, never from the name or the client's header. */
async function detect(file: Incoming, allowed: Set<string>): Promise<{ mime: string; ext: string }> {
  const found = await fileTypeFromBuffer(file.data);
  if (found && allowed.has(found.mime)) return { mime: found.mime, ext: found.ext };
  const ext = path.extname(file.name).toLowerCase();
  if (!found && allowed !== IMAGE_TYPES && TEXT_EXT[ext] && !file.data.includes(0)) return { mime: TEXT_EXT[ext]!, ext: ext.slice(1) };
  throw new AppError(ErrorCode.UnsupportedFileType);
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const tags = ['upload'];

  const store = async (request: FastifyRequest, files: Incoming[], allowed: Set<string>): Promise<UploadedFile[]> => {
    if (request.principal?.kind === 'client') await enforceLimits(app.deps.shared, [{ key: `upload:client:ip:${request.ip}`, ...CLIENT_UPLOAD_LIMIT }]);
    const typed = await Promise.all(files.map(async (f) => ({ ...f, ...(await detect(f, allowed)) })));
    // The settling page's client token uploads the business licence: same limits, no owner.
    const ownerUserId = request.principal?.kind === 'client' ? null : userOf(request).userId;
    const out: UploadedFile[] = [];
    for (const f of typed) {
      const key = `${newKeyStem()}.${f.ext}`;
      await storage.put(key, f.data, f.mime);
      out.push(await recordStored(db, storage, { key, name: f.name, contentType: f.mime, size: f.data.length, ownerUserId }));
    }
    return out;
  };

  app.post(
    '/api/upload/images',
    {
      config: { permission: 'upload.create', clients: true },
      schema: { summary: `Upload up to ${MAX_IMAGE_COUNT} images (JPEG, PNG, GIF, WebP, BMP), each under 4 MB; multipart/form-data`, tags, consumes: ['multipart/form-data'], response: { 200: okSchema(z.array(uploadedFile)) } },
    },
    async (request) => ok(await store(request, await readFiles(request, MAX_IMAGE_COUNT, MAX_IMAGE_BYTES), IMAGE_TYPES)),
  );

  app.post(
    '/api/v1/file',
    {
      config: { permission: 'upload.create', clients: true },
      schema: { summary: 'Upload one document, image, archive or media file (up to 50 MB); multipart/form-data', tags, consumes: ['multipart/form-data'], response: { 200: okSchema(uploadedFile) } },
    },
    async (request) => ok((await store(request, await readFiles(request, 1, MAX_FILE_BYTES), FILE_TYPES))[0]!),
  );

  if (storage.localPath) {
    const localPath = storage.localPath;
    // HEAD too: a player asks for a video's length before it seeks.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/uploads/*',
      config: { public: true },
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const full = /^[0-9]{4}\/[0-9]{2}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(key) ? localPath(key) : null;
        if (!full) throw notFound('file');
        const ext = path.extname(full).slice(1);
        const mime = MIME_OF_EXT[ext] ?? 'application/octet-stream';
        // @fastify/send answers Range (206 with Content-Range, 416 with `bytes */size`), If-Range and conditional requests;
        // any other refusal (a missing file) is our 404.
        const sent = await send(request.raw, full, { acceptRanges: true, cacheControl: false, etag: true, lastModified: true, dotfiles: 'deny', index: false });
        if (sent.type !== 'file' && sent.statusCode !== 416 && sent.statusCode !== 412) throw notFound('file');
        void reply.status(sent.statusCode).headers(sent.headers);
        if (sent.type === 'file') void reply.header('content-type', mime);
        return reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
          .header('content-disposition', IMAGE_TYPES.has(mime) || mime.startsWith('video/') ? 'inline' : 'attachment')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(sent.stream);
      },
    });
  }
};
