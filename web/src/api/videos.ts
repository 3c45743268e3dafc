import { VIDEO_UPLOAD_PATH, type UploadedVideo } from '@pavilion/contract';
import { Upload, type DetailedError, type HttpStack } from 'tus-js-client';
import { getConfig } from './config.ts';
import { ApiError } from './errors.ts';
import { failure, sessionHeaders } from './files.ts';

/** A PATCH carries at most this much, so a proxy's body limit never meets a whole video. */
const VIDEO_CHUNK_BYTES = 50 * 1024 * 1024;
/** After a dropped connection: ask the server its offset and go on from there, trying for about a minute. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 20_000];

type VideoUploadEvents = {
  onProgress(sent: number, total: number): void;
  /** The connection failed; the upload resumes from the server's offset after a pause. */
  onRetry(): void;
  onSuccess(video: UploadedVideo): void;
  onError(error: ApiError): void;
};

export type VideoUploadOptions = {
  /** Tells the server what the video is for: a module's policy may refuse it (docs/video.md). */
  metadata?: Record<string, string>;
  chunkSize?: number;
  retryDelays?: number[];
  /** Tests answer the protocol themselves. */
  httpStack?: HttpStack;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** The envelope's error of a failed request, or a network error when no answer came. */
function errorOf(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  // Not a request that failed (the file could not be read, say): worth a line in the console.
  if (!('originalRequest' in error)) console.error(error);
  if (!response) return ApiError.network();
  return failure({ status: response.getStatus() }, parse(response.getBody()));
}

/**
 * Uploads a video with tus: resumes an earlier attempt of the same file (kept in localStorage), and
 * after a dropped connection asks the server how much arrived and sends the rest. `cancel` stops
 * and deletes what the server holds; `stop` only stops (choosing the same file again resumes).
 */
export function startVideoUpload(file: File, events: VideoUploadEvents, options: VideoUploadOptions = {}) {
  const upload = new Upload(file, {
    endpoint: new URL(`${getConfig().api}${VIDEO_UPLOAD_PATH}`, window.location.href).href,
    metadata: { filename: file.name, filetype: file.type, ...options.metadata },
    chunkSize: options.chunkSize ?? VIDEO_CHUNK_BYTES,
    retryDelays: options.retryDelays ?? RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    ...(options.httpStack ? { httpStack: options.httpStack } : {}),
    async onBeforeRequest(request) {
      for (const [name, value] of Object.entries(await sessionHeaders())) request.setHeader(name, value);
    },
    // tus-js-client's own rule (no answer, a 5xx, 409 or 423), and the person sees that it reconnects.
    onShouldRetry(error) {
      const status = error.originalResponse?.getStatus() ?? 0;
      const retry = !(status >= 400 && status < 500) || status === 409 || status === 423;
      if (retry) events.onRetry();
      return retry;
    },
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess({ lastResponse }) {
      const body = parse(lastResponse.getBody()) as { success?: boolean; data?: UploadedVideo } | null;
      if (body?.success && body.data) events.onSuccess(body.data);
      // A HEAD found the upload already complete (its last answer was lost): the server no longer knows it.
      else events.onError(new ApiError({ status: lastResponse.getStatus(), code: 0, description: '' }));
    },
    onError: (error) => events.onError(errorOf(error)),
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return { cancel: () => upload.abort(true).catch(() => undefined), stop: () => upload.abort(false).catch(() => undefined) };
}
