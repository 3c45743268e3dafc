import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from './storage.ts';

/** An S3 endpoint that keeps what is put, to see the lazily loaded SDK send and read real requests. */
describe('s3Storage', () => {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  let server: http.Server;
  let endpoint = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
          res.writeHead(200, { etag: '"1"' }).end();
        } else if (req.method === 'GET' && objects.has(key)) {
          res.writeHead(200, { 'content-type': objects.get(key)!.type ?? 'application/octet-stream' }).end(objects.get(key)!.body);
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts and reads objects in the bucket, path-style, and answers public URLs', async () => {
    const storage = s3Storage({ endpoint, region: 'us-east-1', bucket: 'pav', accessKeyId: 'k', secretAccessKey: 's', publicUrl: 'https://cdn.example.com/pav/' });
    await storage.put('a/b.txt', Buffer.from('hello'), 'text/plain');
    expect(objects.get('/pav/a/b.txt')).toEqual({ body: Buffer.from('hello'), type: 'text/plain' });
    const stream = await storage.open('a/b.txt');
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(storage.url('a/b.txt')).toBe('https://cdn.example.com/pav/a/b.txt');
  });
});
