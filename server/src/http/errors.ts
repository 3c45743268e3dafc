import { ErrorCode, errorStatus, type FieldError } from '@pavilion/contract';

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

/** An error of the OAuth token endpoints, answered in the RFC 6749 §5.2 shape. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly descriptionCode: ErrorCode | string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(`OAuthError ${error}`);
  }
}
