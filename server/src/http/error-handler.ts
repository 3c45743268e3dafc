import { ErrorCode, MAX_BODY_BYTES, MAX_FILE_BYTES, type ErrorBody, type FieldError } from '@pavilion/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, OAuthError, localize } from './errors.ts';
import { fill, langOf, type Lang } from './i18n.ts';
import { errorText, issueText, oauthText, thingText } from './messages.ts';

/** Paths that never fall back to the web app's index.html. */
const API_PATH = /^\/(api|connect|graphql|config|uploads|\.well-known)(\/|$)/i;

const MB = 1024 * 1024;

type Issue = { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string };

function describeIssue(issue: Issue, context: string, lang: Lang): FieldError {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = path || context;
  const p = issue.params;
  const say = (key: keyof typeof issueText, extra: Record<string, string | number> = {}) =>
    fill(issueText[key]![lang], { field, ...extra });
  let message: string;
  switch (issue.keyword) {
    case 'invalid_type':
      // zod does not echo the input; its message says what it received ("… received string").
      message =
        p.input === null || (p.input === undefined && !/received (?!undefined|null)\w+/.test(issue.message ?? ''))
          ? say('required')
          : say('type', { expected: String(p.expected) });
      break;
    case 'too_small':
      message =
        p.origin === 'string' && p.minimum === 1
          ? say('required')
          : say(p.origin === 'string' || p.origin === 'array' ? 'tooShort' : 'tooSmall', { min: String(p.minimum) });
      break;
    case 'too_big':
      message = say(p.origin === 'string' || p.origin === 'array' ? 'tooLong' : 'tooBig', { max: String(p.maximum) });
      break;
    case 'invalid_format':
      message = say('format');
      break;
    case 'invalid_value':
      message = say('enum', { options: Array.isArray(p.values) ? p.values.join(', ') : '' });
      break;
    case 'unrecognized_keys': {
      // The field is the unknown key itself, so a client can point at it.
      const keys = Array.isArray(p.keys) ? p.keys.map(String) : [];
      message = say('unknown', { field: keys.join(', ') || field });
      if (keys.length) return { field: path ? `${path}.${keys[0]}` : keys[0]!, message };
      break;
    }
    default:
      message = say('invalid');
  }
  return { field, message };
}

export const errorBody = (request: FastifyRequest, code: ErrorCode, params: Record<string, string | number> = {}): ErrorBody => errorBodyIn(langOf(request), code, params);

/** The envelope of an error in `lang`. */
export function errorBodyIn(lang: Lang, code: ErrorCode, params: Record<string, string | number> = {}): ErrorBody {
  const what = typeof params.what === 'string' ? (thingText[params.what]?.[lang] ?? params.what) : undefined;
  const template = errorText[code][lang];
  // A detail the sentence has no place for (e.g. which field clashed) is added after it.
  const extra = params.detail !== undefined && !template.includes('{detail}') ? `${lang === 'en' ? ': ' : '：'}${params.detail}` : '';
  return {
    success: false,
    code,
    description: fill(template, { ...params, ...(what ? { what } : {}) }) + extra,
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const { params, fieldErrors } = localize(err, langOf(request));
  const body = errorBody(request, err.code, params);
  if (fieldErrors?.length) {
    body.errors = fieldErrors;
    body.field = fieldErrors[0]!.field;
  }
  if (err.headers) void reply.headers(err.headers);
  // RFC 6750 §3: say which scheme is expected, and that the token sent (if any) was refused.
  if (err.status === 401 && !reply.hasHeader('www-authenticate'))
    void reply.header('www-authenticate', /^bearer\s/i.test(request.headers.authorization ?? '') ? `${BEARER_CHALLENGE}, error="invalid_token"` : BEARER_CHALLENGE);
  return reply.status(err.status).send(body);
}

const BEARER_CHALLENGE = 'Bearer realm="pavilion"';

/** The envelope's code of an OAuth error whose description is not an error code. */
const oauthCode: Record<OAuthError['error'], ErrorCode> = {
  invalid_request: ErrorCode.ValidationFailed,
  invalid_client: ErrorCode.Unauthenticated,
  invalid_grant: ErrorCode.Unauthenticated,
  unauthorized_client: ErrorCode.Forbidden,
  unsupported_grant_type: ErrorCode.ValidationFailed,
  invalid_scope: ErrorCode.ValidationFailed,
};

/** RFC 6749 §5.2: error_description holds only %x20-21 / %x23-5B / %x5D-7E. */
const asciiDescription = (text: string) => text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, (c) => (c === '"' ? "'" : '?'));

/**
 * The RFC 6749 §5.2 body, with the envelope's `code` and `description` (in the caller's language)
 * beside it: error_description must be ASCII, so it is always the English sentence.
 */
function sendOAuthError(request: FastifyRequest, reply: FastifyReply, err: OAuthError) {
  const text = typeof err.description === 'number' ? errorText[err.description] : oauthText[err.description];
  const code = typeof err.description === 'number' ? err.description : oauthCode[err.error];
  if (err.headers) void reply.headers(err.headers);
  return reply.status(err.status).send({
    error: err.error,
    error_description: asciiDescription(fill(text.en, err.params)),
    code,
    description: fill(text[langOf(request)], err.params),
  });
}

/** Maps every thrown thing to the envelope; nothing a caller sends can produce a 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error instanceof OAuthError) return sendOAuthError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = String((error as { validationContext?: string }).validationContext ?? 'body');
      const errors = error.validation.map((v) => describeIssue(v as unknown as Issue, context, lang));
      const detail = errors.map((e) => e.message).join('; ');
      return sendError(request, reply, new AppError(ErrorCode.ValidationFailed, { detail }, errors));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_FILES_LIMIT') return sendError(request, reply, new AppError(ErrorCode.TooManyFiles));
    // Upload routes say which file limit applies; one that reaches here is the multipart plugin's own.
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return sendError(request, reply, new AppError(ErrorCode.FileTooLarge, { max: MAX_FILE_BYTES / MB }));
    if (status === 413) return sendError(request, reply, new AppError(ErrorCode.RequestTooLarge, { max: MAX_BODY_BYTES / MB }));
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(request, reply, new AppError(ErrorCode.UnsupportedFileType));
    if (status >= 400 && status < 500) {
      const field = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'body' : 'request';
      const message = field === 'body' ? issueText.body![lang] : error.message;
      return sendError(request, reply, new AppError(ErrorCode.ValidationFailed, { detail: message }, [{ field, message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(request, ErrorCode.Internal));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (app.spaIndex && request.method === 'GET' && !API_PATH.test(path) && !/\.[a-z0-9]+$/i.test(path))
      return app.spaIndex(request, reply);
    return reply.status(404).send(errorBody(request, ErrorCode.NotFound, { what: 'route' }));
  });
}
