import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line on every open event stream this often, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/** What a stream runs once its headers are out: it subscribes with `send` and answers what undoes that. */
export type StreamStart = (send: (data: string) => void) => Promise<() => Promise<void> | void>;

/**
 * Server-Sent Events for one plugin's routes: `stream(request, reply, start)` takes the response over (hijack), sends
 * `data:` lines for what `start` subscribed to and a `: ping` comment every HEARTBEAT_MS, and runs the undo once when
 * the client goes, the stream fails or the app closes (`preClose`). The first comment (`: connected`) is written
 * only once the subscription stands, so a client that sees it misses nothing published afterwards.
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  return async function stream(request: FastifyRequest, reply: FastifyReply, start: StreamStart): Promise<void> {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    const write = (chunk: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(chunk);
    };
    let ended = false;
    let undo: (() => Promise<void> | void) | null = null;
    const finish = () => {
      const u = undo;
      undo = null;
      if (u) void Promise.resolve().then(u).catch((err: unknown) => request.log.warn({ err }, 'event stream cleanup failed'));
    };
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      open.delete(end);
      finish();
      if (!res.writableEnded) res.end();
    };
    const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
    open.add(end);
    request.raw.on('close', end);
    res.on('close', end);
    try {
      undo = await start((data) => write(`data: ${data}\n\n`));
    } catch (err) {
      request.log.warn({ err }, 'event stream failed to start');
      end();
      return;
    }
    if (ended) finish();
    else write('retry: 3000\n: connected\n\n');
  };
}
