import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const DEV_TOKEN_SECRET = 'pavilion-development-token-secret-change-me';
const DEV_CLIENT_SECRET = 'pavilion-web-secret';

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  /** Without DATABASE_URL: `embedded` (PostgreSQL's own server on DATA_DIR) or `pglite`. */
  DB_ENGINE: z.enum(['embedded', 'pglite']).default('embedded'),
  /** The embedded PostgreSQL's port on 127.0.0.1 (0: a free one at each start). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  REDIS_URL: z.string().optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(1800),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(300).default(30 * 24 * 3600),
  CLIENT_ID: z.string().default('pavilion-web'),
  CLIENT_SECRET: z.string().default(DEV_CLIENT_SECRET),
  SETTLED_CLIENT_ID: z.string().default('pavilion-settled'),
  SETTLED_CLIENT_SECRET: z.string().default('pavilion-settled-secret'),
  LOGOUT_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  LOG_LEVEL: z.string().default('info'),
  /** How long a session's principal is remembered between requests (seconds; 0: query it on every request). */
  PRINCIPAL_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_CODES_PER_IP: z.coerce.number().int().min(1).default(20),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).default(60),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().default('loopback'),
  /** Resumable video uploads (docs/video.md): the largest video, how long an unfinished upload is kept, the ffmpeg to run ('off': none). */
  VIDEO_MAX_MB: z.coerce.number().positive().default(500),
  VIDEO_UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /** Live rooms' media (docs/live.md, "The stream"): `builtin` RTMP ingest in this process, `external` server (only signs URLs), `off`. */
  MEDIA_DRIVER: z.enum(['builtin', 'external', 'off']).optional(),
  /** The builtin ingest's RTMP port (0: a free one). */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  RTMP_HOST: z.string().optional(),
  /** Signs push and pull URLs; shared with an external server. Default: derived from TOKEN_SECRET. */
  MEDIA_SECRET: z.string().min(16).optional(),
  /** What push URLs show, up to the app (`rtmp://host:1935/live`); default: the caller's host and RTMP_PORT. */
  MEDIA_PUBLIC_RTMP_URL: z.string().optional(),
  /** Where players read (`https://cdn.example/live`); default: this server's `/live-media/live`. */
  MEDIA_PUBLIC_PULL_URL: z.string().optional(),
  /** An external server's HLS base, when it makes HLS (the builtin ingest gives HTTP-FLV only). */
  MEDIA_PUBLIC_HLS_URL: z.string().optional(),
  /** How often a live stream's seconds are counted against its quota. */
  MEDIA_TICK_SECONDS: z.coerce.number().positive().max(600).default(10),
});

/** A setting switched off: empty, `false`, `off` or `no`. */
const isOff = (value: string) => ['', 'false', 'off', 'no'].includes(value.trim().toLowerCase());

/**
 * Which peers may tell us the client's address and scheme (X-Forwarded-For / -Proto): `false`, `true`
 * (everyone: only when a proxy owns every connection), a hop count, or addresses, CIDRs and the
 * names `loopback`, `linklocal`, `uniquelocal`, comma-separated.
 */
function trustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  const v = value.trim().toLowerCase();
  if (isOff(v)) return false;
  if (v === 'true' || v === 'on' || v === 'yes') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of list) {
    const [address, prefix, extra] = item.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(item.toLowerCase());
    if (!named && (extra !== undefined || !isIP(address!) || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))))
      throw new Error(`Invalid configuration:\nTRUST_PROXY: "${item}" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal`);
  }
  return list;
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    if (!e.TOKEN_SECRET) throw new Error('NODE_ENV=production needs TOKEN_SECRET (at least 32 characters).');
    if (e.TOKEN_SECRET === DEV_TOKEN_SECRET || e.CLIENT_SECRET === DEV_CLIENT_SECRET)
      throw new Error('NODE_ENV=production refuses the demo secrets: set TOKEN_SECRET and CLIENT_SECRET.');
  }
  if (e.MEDIA_DRIVER === 'external' && !e.MEDIA_SECRET) throw new Error('MEDIA_DRIVER=external needs MEDIA_SECRET, the secret the media server checks signed URLs with.');
  return {
    production,
    test: e.NODE_ENV === 'test',
    port: e.PORT,
    host: e.HOST,
    // Relative to where the command was typed (npm sets INIT_CWD), so `./data` means the repository's data/ whichever workspace runs.
    dataDir: e.DATA_DIR ? path.resolve(source.INIT_CWD ?? process.cwd(), e.DATA_DIR) : path.resolve(import.meta.dirname, '../../data'),
    databaseUrl: e.DATABASE_URL,
    dbEngine: e.DB_ENGINE,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    redisUrl: e.REDIS_URL,
    tokenSecret: e.TOKEN_SECRET ?? DEV_TOKEN_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    webClient: { id: e.CLIENT_ID, secret: e.CLIENT_SECRET },
    settledClient: { id: e.SETTLED_CLIENT_ID, secret: e.SETTLED_CLIENT_SECRET },
    logoutUrl: e.LOGOUT_URL ?? null,
    publicUrl: e.PUBLIC_URL ?? '',
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            publicUrl: e.S3_PUBLIC_URL ?? `${e.S3_ENDPOINT.replace(/\/$/, '')}/${e.S3_BUCKET}`,
          }
        : null,
    seedDemo: !production && e.SEED_DEMO === 'auto',
    logLevel: e.LOG_LEVEL,
    principalCacheSeconds: e.PRINCIPAL_CACHE_SECONDS,
    /** Per IP, per 5 minutes for sign-ins and per hour for codes; one code per phone or address per resend interval; per-account limits are fixed. */
    rateLimits: { loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP, codesPerIp: e.RATE_LIMIT_CODES_PER_IP, codeResendSeconds: e.CODE_RESEND_SECONDS },
    trustProxy: trustProxy(e.TRUST_PROXY),
    video: {
      maxBytes: Math.floor(e.VIDEO_MAX_MB * 1024 * 1024),
      expiryMs: Math.floor(e.VIDEO_UPLOAD_EXPIRY_HOURS * 3600 * 1000),
      ffmpeg: isOff(e.FFMPEG_PATH) ? null : e.FFMPEG_PATH.trim(),
    },
    media: {
      // Tests build many apps in one process: the ingest only runs where a test asks for it.
      driver: e.MEDIA_DRIVER ?? (e.NODE_ENV === 'test' ? 'off' : 'builtin'),
      rtmpPort: e.RTMP_PORT,
      rtmpHost: e.RTMP_HOST ?? e.HOST,
      secret: e.MEDIA_SECRET ?? createHmac('sha256', e.TOKEN_SECRET ?? DEV_TOKEN_SECRET).update('pavilion-media-urls').digest('hex'),
      publicRtmpUrl: e.MEDIA_PUBLIC_RTMP_URL?.replace(/\/$/, '') ?? null,
      publicPullUrl: e.MEDIA_PUBLIC_PULL_URL?.replace(/\/$/, '') ?? null,
      publicHlsUrl: e.MEDIA_PUBLIC_HLS_URL?.replace(/\/$/, '') ?? null,
      tickSeconds: e.MEDIA_TICK_SECONDS,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
