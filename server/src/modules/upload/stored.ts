import { randomUUID } from 'node:crypto';
import { ErrorCode, type UploadedFile } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { storedFile } from '../../storage/tables.ts';

/** A new stored file's key without its extension: `yyyy/mm/{uuid}` (the `/uploads/*` route accepts only this shape). */
export const newKeyStem = () => `${new Date().toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}`;

/** A file over `maxBytes`: 413 naming the limit in MB. */
export const fileTooLarge = (maxBytes: number) => new AppError(ErrorCode.FileTooLarge, { max: Math.round(maxBytes / 1024 / 1024) });

/** The `stored_file` row of a file already put into storage, and the answer the upload routes give for it. */
export async function recordStored(db: Executor, storage: Storage, file: { key: string; name: string; contentType: string; size: number; ownerUserId: string | null }): Promise<UploadedFile> {
  const { key, name, contentType, size, ownerUserId } = file;
  await db.insert(storedFile).values({ key, originalName: name, contentType, size, ownerUserId });
  return { url: storage.url(key), name, size, contentType };
}
