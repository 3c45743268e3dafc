import type { FieldError } from '@pavilion/contract';

export interface ApiErrorInit {
  status: number;
  code: number;
  description: string;
  field?: string | undefined;
  errors?: FieldError[] | undefined;
  /** RFC 6749 error of the non-enveloped OAuth calls, e.g. `invalid_request`. */
  oauthError?: string | undefined;
  network?: boolean;
}

/**
 * Every failed call rejects with this. `handled` is set when the client already dealt with it
 * globally (401 modal, 404 and 500 pages), so a screen does not show it a second time.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly description: string;
  readonly field: string | undefined;
  readonly errors: FieldError[];
  readonly oauthError: string | undefined;
  readonly network: boolean;
  handled = false;

  constructor(init: ApiErrorInit) {
    super(init.description || `HTTP ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.description = init.description;
    this.field = init.field;
    this.errors = init.errors ?? [];
    this.oauthError = init.oauthError;
    this.network = init.network ?? false;
  }

  /** No answer came: the connection failed (the person sees the network message). */
  static network(): ApiError {
    return new ApiError({ status: 0, code: 0, description: '', network: true });
  }

  /** Builds the error from whatever body came back: the envelope, an OAuth error, or nothing. */
  static fromBody(status: number, body: unknown): ApiError {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    // OAuth errors: error_description is ASCII English (RFC 6749 §5.2); description is in the caller's language.
    if (typeof b.error === 'string')
      return new ApiError({
        status,
        code: typeof b.code === 'number' ? b.code : 0,
        description: typeof b.description === 'string' ? b.description : typeof b.error_description === 'string' ? b.error_description : '',
        oauthError: b.error,
      });
    return new ApiError({
      status,
      code: typeof b.code === 'number' ? b.code : 0,
      description: typeof b.description === 'string' ? b.description : '',
      field: typeof b.field === 'string' ? b.field : undefined,
      errors: Array.isArray(b.errors) ? (b.errors as FieldError[]) : undefined,
    });
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
