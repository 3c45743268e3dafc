import { ErrorCode, errorStatus, type FieldError } from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import { fill, langOf } from './i18n.ts';
import { issueText, type OAuthTextKey } from './messages.ts';

/** The one error type of the API: a stable code, optional fill-ins and field errors. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(`AppError ${code}`);
    this.status = errorStatus[code];
  }
}

export const notFound = (what = 'record') => new AppError(ErrorCode.NotFound, { what });
export const forbidden = () => new AppError(ErrorCode.Forbidden);
export const unauthenticated = () => new AppError(ErrorCode.Unauthenticated);
export const fail = (code: ErrorCode, params?: Record<string, string | number>) => new AppError(code, params);

/**
 * An error of the OAuth token endpoints, answered in the RFC 6749 §5.2 shape. `description` is an
 * error code or a key of `oauthText`; 400 unless the caller authenticated with Basic and failed
 * (401 with a Basic challenge, §5.2).
 */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: ErrorCode | OAuthTextKey,
    readonly params: Record<string, string> = {},
    readonly status = 400,
    readonly headers?: Record<string, string>,
  ) {
    super(`OAuthError ${error}`);
  }
}

/** A 400 (or 409) that names the field, in the caller's language. */
export function fieldError(request: FastifyRequest, field: string, issue: keyof typeof issueText, params: Record<string, string> = {}, code: ErrorCode = ErrorCode.ValidationFailed) {
  const message = fill(issueText[issue]![langOf(request)], { field, ...params });
  return new AppError(code, { detail: message }, [{ field, message }]);
}

/** The constraint of a unique violation anywhere in the error's cause chain (pg and PGlite), or null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e && typeof e === 'object'; e = e.cause as typeof e)
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  return null;
}
