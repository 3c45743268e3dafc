import { createRequire } from 'node:module';
import net from 'node:net';
import querystring from 'node:querystring';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { publishGate, PULL_PREFIX, type MediaDriver, type Publication } from './driver.ts';
import { checkSigned, MEDIA_APP, pullPath, pushPath } from './signing.ts';

/*
 * node-media-server's protocol pieces (RTMP chunking and AMF, FLV muxing, the GOP-cached fan-out), without its
 * NodeMediaServer class: that one writes a JSON store to ./data, mounts an express admin console and checks its own
 * md5 signatures. The publish command is taken over here, so the async gate answers before the publisher gets
 * `NetStream.Publish.Start` (and before it sends media).
 */
const require = createRequire(import.meta.url);

type Packet = { header: { stream_id: number } };
type RtmpProtocol = {
  streamApp: string;
  streamName: string;
  streamQuery: Record<string, unknown>;
  streamHost: string;
  streamId: number;
  parserPacket: Packet;
  respondPublish(): void;
  sendStatusMessage(sid: number, level: string, code: string, description: string): void;
  onConnectCallback(req: { app: string; name: string; host: string; query: Record<string, unknown> }): void;
  onPushCallback(): void;
  onPublish(invokeMessage: { streamName: string }): void;
  onPlay(invokeMessage: { streamName: string }): void;
};
type Session = { id: string; ip: string; protocol: string; isPublisher: boolean; streamPath: string; endTime: number; sendBuffer(b: Buffer): void; close(): void };
type RtmpSession = Session & { rtmp: RtmpProtocol; socket: net.Socket; run(): void };
type Broadcast = { publisher: Session | null; subscribers: Map<string, Session>; postPlay(s: Session): string | null; donePlay(s: Session): void };
type Constructor<T, A extends unknown[]> = new (...args: A) => T;

const RtmpSessionClass = require('node-media-server/src/session/rtmp_session.js') as Constructor<RtmpSession, [net.Socket]>;
const BaseSession = require('node-media-server/src/session/base_session.js') as Constructor<Session, []>;
const Context = require('node-media-server/src/core/context.js') as { broadcasts: Map<string, Broadcast> };
const nmsLogger = require('node-media-server/src/core/logger.js') as { log: (message: string, level?: string) => void };

const KEY = /^[A-Za-z0-9_-]{8,128}$/;

type Live = { session: RtmpSession; publication: Publication; cut: () => void };

export function builtinDriver(config: Config['media'], log: FastifyBaseLogger, deps: () => Deps): MediaDriver {
  nmsLogger.log = (message, level = 'info') => log.debug({ nms: level }, message);
  let server: net.Server | null = null;
  let port: number | null = null;
  const sockets = new Set<net.Socket>();
  const live = new Map<string, Live>();
  /** Publications still writing their last seconds; stop() waits for them before the database closes. */
  const ending = new Set<Promise<void>>();

  function refuse(rtmp: RtmpProtocol, socket: net.Socket, code: string, reason: string) {
    log.info({ streamKey: rtmp.streamName, reason }, 'live push refused');
    rtmp.sendStatusMessage(rtmp.streamId, 'error', code, reason);
    socket.end();
  }

  /** Counts seconds while the publisher stays; one count at a time, cut when the quota is spent. */
  function account(streamKey: string, session: RtmpSession, publication: Publication) {
    let last = Date.now();
    let carriedMs = 0;
    let chain = Promise.resolve();
    let ended = false;
    const take = () => {
      const now = Date.now();
      const ms = now - last + carriedMs;
      last = now;
      const seconds = Math.floor(ms / 1000);
      carriedMs = ms - seconds * 1000;
      return seconds;
    };
    const timer = setInterval(() => {
      chain = chain.then(async () => {
        if (ended) return;
        const more = await publication.count(take()).catch((err: unknown) => {
          log.error({ err, streamKey }, 'live seconds not counted');
          return true;
        });
        if (!more) {
          log.info({ streamKey }, 'live minutes spent: publisher cut');
          cut();
        }
      });
    }, config.tickSeconds * 1000);
    timer.unref();
    const cut = () => {
      session.socket.destroy();
      const broadcast = Context.broadcasts.get(pushPath(streamKey));
      for (const player of broadcast?.subscribers.values() ?? []) player.close();
    };
    const done = new Promise<void>((resolve) => {
      session.socket.once('close', () => {
        clearInterval(timer);
        chain = chain.then(async () => {
          ended = true;
          if (live.get(streamKey)?.session === session) live.delete(streamKey);
          await publication.end(take()).catch((err: unknown) => log.error({ err, streamKey }, 'live stream end not recorded'));
        });
        void chain.then(resolve);
      });
    });
    live.set(streamKey, { session, publication, cut });
    ending.add(done);
    void done.then(() => ending.delete(done));
  }

  function onSocket(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const session = new RtmpSessionClass(socket);
    const rtmp = session.rtmp;
    rtmp.onPlay = (msg) => {
      rtmp.streamName = msg.streamName.split('?')[0] ?? '';
      refuse(rtmp, socket, 'NetStream.Play.Failed', 'players read HTTP-FLV');
    };
    rtmp.onPublish = (msg) => {
      const [name = '', rawQuery = ''] = msg.streamName.split('?');
      rtmp.streamName = name;
      rtmp.streamQuery = querystring.parse(rawQuery);
      rtmp.streamId = rtmp.parserPacket.header.stream_id;
      if (rtmp.streamApp !== MEDIA_APP || !KEY.test(name)) return refuse(rtmp, socket, 'NetStream.Publish.BadName', 'unknown stream');
      const signed = checkSigned(config.secret, pushPath(name), rtmp.streamQuery);
      if (signed !== 'ok') return refuse(rtmp, socket, 'NetStream.Publish.Unauthorized', `signature ${signed}`);
      if (live.has(name)) return refuse(rtmp, socket, 'NetStream.Publish.BadName', 'already publishing');
      socket.pause();
      void publishGate()
        .admit(deps(), name)
        .then(async (admission) => {
          if (!admission.ok) return refuse(rtmp, socket, 'NetStream.Publish.Rejected', admission.reason);
          if (socket.destroyed) return admission.publication.end(0);
          rtmp.respondPublish();
          rtmp.onConnectCallback({ app: rtmp.streamApp, name, host: rtmp.streamHost, query: rtmp.streamQuery });
          rtmp.onPushCallback();
          // node-media-server refuses a second publisher of the path itself (and ends the socket).
          if (!session.isPublisher) return admission.publication.end(0);
          account(name, session, admission.publication);
          log.info({ streamKey: name }, 'live push started');
        })
        .catch((err: unknown) => {
          log.error({ err, streamKey: name }, 'live publish gate failed');
          socket.destroy();
        })
        .finally(() => socket.resume());
    };
    session.run();
  }

  function servePull(app: FastifyInstance) {
    app.get(
      `${PULL_PREFIX}/${MEDIA_APP}/:file`,
      { config: { public: true }, schema: { hide: true }, exposeHeadRoute: false },
      async (request: FastifyRequest<{ Params: { file: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
        const match = /^([A-Za-z0-9_-]{8,128})\.flv$/.exec(request.params.file);
        const broadcast = match ? Context.broadcasts.get(pushPath(match[1]!)) : undefined;
        if (!match) throw notFound();
        if (checkSigned(config.secret, pullPath(match[1]!, 'flv'), request.query) !== 'ok') throw forbidden();
        if (!broadcast?.publisher) throw notFound();
        const raw = reply.raw;
        reply.hijack();
        raw.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store', connection: 'close' });
        const player = new BaseSession();
        player.ip = `${request.ip}:${request.socket.remotePort ?? 0}`;
        player.protocol = 'flv';
        player.streamPath = pushPath(match[1]!);
        player.sendBuffer = (buffer: Buffer) => {
          if (!raw.writableEnded) raw.write(buffer);
        };
        player.close = () => raw.end();
        raw.on('close', () => broadcast.donePlay(player));
        broadcast.postPlay(player);
      },
    );
  }

  return {
    kind: 'builtin',
    servePull,
    async start() {
      await publishGate().reset(deps());
      server = net.createServer(onSocket);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(config.rtmpPort, config.rtmpHost, () => resolve());
      });
      port = (server.address() as net.AddressInfo).port;
      log.info(`RTMP ingest listening on ${config.rtmpHost}:${port}`);
    },
    async stop() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await Promise.all([...ending]);
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    rtmpPort: () => port,
    kick(streamKey) {
      const entry = live.get(streamKey);
      if (!entry) return false;
      entry.cut();
      return true;
    },
  };
}
