import { ErrorCode, errorStatus, type FieldError } from '@pavilion/contract';
import { fill, type Lang } from './i18n.ts';
import { errorText, issueText, type OAuthTextKey } from './messages.ts';

export type IssueKey = keyof typeof issueText;
/** A field error not yet put into words (an issue key, or an error code's sentence): the error handler says it in the caller's language. */
export type FieldIssue = { field: string; issue: IssueKey | ErrorCode; params?: Record<string, string> };

/**
 * The one error type of the API: a stable code, optional fill-ins and field errors. Services throw
 * it with codes and parameters only; the error handler (or GraphQL's formatter) translates.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
    readonly issues?: FieldIssue[],
  ) {
    super(`AppError ${code}`);
    this.status = errorStatus[code];
  }
}

/** The error's fill-ins and field errors in one language: field issues become sentences, joined into `detail`. */
export function localize(err: AppError, lang: Lang): { params: Record<string, string | number>; fieldErrors?: FieldError[] } {
  if (!err.issues?.length) return { params: err.params, fieldErrors: err.fieldErrors };
  const fieldErrors = err.issues.map((i) => {
    const text = typeof i.issue === 'number' ? errorText[i.issue] : issueText[i.issue]!;
    return { field: i.field, message: fill(text[lang], { field: i.field, ...i.params }) };
  });
  // A field issue's sentence is the error's detail; an error code's sentence already is the description.
  const worded = err.issues.every((i) => typeof i.issue === 'string');
  return { params: worded ? { detail: fieldErrors.map((f) => f.message).join('; '), ...err.params } : err.params, fieldErrors };
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

/** A 400 (or 409) that names the field; the error handler words it in the caller's language. */
export function fieldError(field: string, issue: IssueKey, params: Record<string, string> = {}, code: ErrorCode = ErrorCode.ValidationFailed) {
  return new AppError(code, {}, undefined, undefined, [{ field, issue, params }]);
}

/** The constraint of a unique violation anywhere in the error's cause chain (pg and PGlite), or null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e && typeof e === 'object'; e = e.cause as typeof e)
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  return null;
}
