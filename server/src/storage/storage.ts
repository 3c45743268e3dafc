import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are ours (`yyyy/mm/uuid.ext`), never the uploader's name. */
export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (generated spreadsheets). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Reads a stored file as a stream (job inputs, downloads through an authorised route). */
  open(key: string): Promise<Readable>;
  url(key: string): string;
  /** Local files only: the absolute path of a key, or null when it escapes the root. */
  localPath?(key: string): string | null;
}

export function localStorage(root: string, publicBase = '/uploads'): Storage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    return full.startsWith(path.resolve(root) + path.sep) ? full : null;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const full = resolve(key);
      if (!full) throw new Error(`bad storage key ${key}`);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, body, { flag: 'wx' });
    },
    async putFile(key, file) {
      const full = resolve(key);
      if (!full) throw new Error(`bad storage key ${key}`);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.copyFile(file, full, fs.constants.COPYFILE_EXCL);
    },
    async open(key) {
      const full = resolve(key);
      if (!full) throw new Error(`bad storage key ${key}`);
      await fs.promises.access(full);
      return fs.createReadStream(full);
    },
    url: (key) => `${publicBase}/${key}`,
    localPath: resolve,
  };
}

export function s3Storage(cfg: {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
}): Storage {
  // The SDK (~10 MB resident) is loaded by the first call, so a server on local storage never carries it.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: import('@aws-sdk/client-s3').S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: cfg.endpoint,
        region: cfg.region,
        forcePathStyle: true,
        credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: cfg.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putFile(key, file, contentType) {
      const { size } = await fs.promises.stat(file);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: cfg.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ContentType: contentType }));
    },
    async open(key) {
      const { sdk, client } = await s3();
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: cfg.bucket, Key: key }));
      return out.Body as Readable;
    },
    url: (key) => `${cfg.publicUrl.replace(/\/$/, '')}/${key}`,
  };
}
