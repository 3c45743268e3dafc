import { PULL_URL_TTL_MINUTES, PUSH_URL_TTL_HOURS } from '@pavilion/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { slot } from '../core/slot.ts';
import { MEDIA_APP, pullPath, pushPath, signQuery } from './signing.ts';

/**
 * The media path of live rooms (docs/live.md, "The stream"). Shared code: it knows stream keys, not rooms. Whether a key may
 * publish, and what its seconds cost, is the live module's answer through the publish gate.
 */
export type Admission = { ok: true; publication: Publication } | { ok: false; reason: string };

/** One admitted publisher, as the live module accounts for it. */
export interface Publication {
  /** Adds streamed seconds; false when the quota is spent and the publisher must be cut. */
  count(seconds: number): Promise<boolean>;
  /** The publisher left or was cut, with the seconds not yet counted. */
  end(seconds: number): Promise<void>;
}

export interface PublishGate {
  /** A publisher with a valid signature asks for `streamKey`. */
  admit(deps: Deps, streamKey: string): Promise<Admission>;
  /** The ingest starts and nobody publishes on it: what the store still shows as live was left by a stopped process. */
  reset(deps: Deps): Promise<void>;
}

const gate = slot<PublishGate>('The live publish gate');
export const registerPublishGate = gate.fill;
export const publishGate = () => gate.get();

export type MediaKind = 'builtin' | 'external' | 'off';

export interface MediaDriver {
  readonly kind: MediaKind;
  /** Opens the ingest (builtin); the others have none. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The RTMP port listened on (builtin, after start), else null. */
  rtmpPort(): number | null;
  /** Cuts the publisher of `streamKey` (and its players); false when none publishes here. */
  kick(streamKey: string): boolean;
  /** Adds the pull routes this driver serves under the app (builtin: HTTP-FLV). */
  servePull?(app: FastifyInstance): void;
}

type MediaConfig = Config['media'];

export type PushUrls = { pushUrl: string; server: string; streamKey: string; expiresAt: string };
export type PullUrls = { flvUrl: string; hlsUrl: string | null };

/** The builtin FLV pull is served by this app under this prefix, so the public site plays same-origin. */
export const PULL_PREFIX = '/live-media';

/**
 * The signed push address as OBS asks for it: `server` and the key with its signature. `host` is the caller's host
 * name when no public RTMP URL is configured.
 */
export function pushUrlsFor(media: MediaConfig, streamKey: string, host: string, now = Date.now()): PushUrls {
  const server = media.publicRtmpUrl ?? `rtmp://${host}:${media.rtmpPort}/${MEDIA_APP}`;
  const { query, expire } = signQuery(media.secret, pushPath(streamKey), PUSH_URL_TTL_HOURS * 3600, now);
  const key = `${streamKey}?${query}`;
  return { pushUrl: `${server}/${key}`, server, streamKey: key, expiresAt: new Date(expire * 1000).toISOString() };
}

/** Signed pull addresses: HTTP-FLV always, HLS only where an external server makes it (MEDIA_PUBLIC_HLS_URL). */
export function pullUrlsFor(media: MediaConfig, streamKey: string, now = Date.now()): PullUrls {
  const ttl = PULL_URL_TTL_MINUTES * 60;
  const flvBase = media.publicPullUrl ?? `${PULL_PREFIX}/${MEDIA_APP}`;
  const flv = signQuery(media.secret, pullPath(streamKey, 'flv'), ttl, now);
  const hls = media.publicHlsUrl ? signQuery(media.secret, pullPath(streamKey, 'm3u8'), ttl, now) : null;
  return {
    flvUrl: `${flvBase}/${streamKey}.flv?${flv.query}`,
    hlsUrl: hls ? `${media.publicHlsUrl}/${streamKey}.m3u8?${hls.query}` : null,
  };
}

/** Signs only: the external server (SRS, nginx-rtmp, a cloud service) checks the URLs itself. */
export function urlOnlyDriver(kind: 'external' | 'off', log: FastifyBaseLogger): MediaDriver {
  return {
    kind,
    start: async () => {},
    stop: async () => {},
    rtmpPort: () => null,
    kick: (streamKey) => {
      log.warn({ streamKey }, `media driver ${kind}: a publisher cannot be cut from here; its new key refuses the next push`);
      return false;
    },
  };
}
