import { z } from 'zod';

/** GET /config/{file}: what the web reads at start (part 2 §9 "client configuration block"). */
export const clientConfig = z.object({
  api: z.string(),
  live: z.string(),
  request: z.string(),
  auth: z.string(),
  token: z.string(),
  image: z.string(),
  logoutUrl: z.string().nullable(),
  uploadType: z.enum(['local', 's3']),
  clientId: z.string(),
  clientSecret: z.string(),
  /**
   * The settling page's client (client_credentials). Public on purpose: its tokens reach only the
   * routes marked `clients: true` (the settling form, the application, uploads, reference lists), rate-limited per IP.
   */
  settledClientId: z.string(),
  settledClientSecret: z.string(),
  exhibitionId: z.string().nullable(),
  maxImageBytes: z.number().int(),
  maxImageCount: z.number().int(),
  /** The largest video the resumable upload takes (VIDEO_MAX_MB, docs/video.md). */
  maxVideoBytes: z.number().int(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

/** Part 1 §5, §9: images under 4 MB, at most 5 at once. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const MAX_IMAGE_COUNT = 5;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A request body that is not a multipart upload (JSON, form fields). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const uploadedFile = z.object({ url: z.string(), name: z.string(), size: z.number().int(), contentType: z.string() });
export type UploadedFile = z.infer<typeof uploadedFile>;
/** What the last PATCH of a video upload answers (docs/video.md): the stored video and its poster frame, when ffmpeg made one. */
export const uploadedVideo = uploadedFile.extend({ posterUrl: z.string().nullable() });
export type UploadedVideo = z.infer<typeof uploadedVideo>;
/** The tus endpoint of resumable video uploads: POST creates an upload, `…/{id}` answers HEAD, PATCH and DELETE. */
export const VIDEO_UPLOAD_PATH = '/api/upload/video';
/** The videos the upload keeps (by their bytes on the server, by the browser's type in the web). */
export const VIDEO_TYPES: readonly string[] = ['video/mp4', 'video/webm'];
