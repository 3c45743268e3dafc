import fs from 'node:fs';
import path from 'node:path';
import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';

/** Where uploaded files live. Keys are ours (`yyyy/mm/uuid.ext`), never the uploader's name. */
export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
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
  const client = new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: true,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: cfg.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    url: (key) => `${cfg.publicUrl.replace(/\/$/, '')}/${key}`,
  };
}
