import type { ZodError } from 'zod';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * What went wrong, in the station's own words. The HTTP error handler (http/error-handler.ts)
 * is the one place that turns a kind into a status code; services and stores know no HTTP.
 */
export const ERROR_KINDS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  not_supported: 501,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

/** The status code of a station error: the one table, `ERROR_KINDS`. */
export const statusOf = (error: StationError): number => ERROR_KINDS[error.kind];

/**
 * A failure with a place in the API contract: a kind, a stable code, a message for people,
 * and for invalid input the broken fields. Anything else thrown becomes a 500.
 */
export class StationError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra fields of the error (e.g. print results under strict). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[], code = 'bad_request') => new StationError('invalid', code, message, details);
export const unauthorized = (message = 'A valid API key is required in the X-API-Key header') => new StationError('unauthenticated', 'unauthorized', message);
export const forbidden = (message = 'This API key cannot access that resource') => new StationError('forbidden', 'forbidden', message);
export const notFound = (message = 'Not found') => new StationError('not_found', 'not_found', message);
export const conflict = (message: string) => new StationError('conflict', 'conflict', message);

/** The caller asked too often; `retryAfterSeconds` says when it may ask again. */
export class RateLimitedError extends StationError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', 'rate_limited', message);
  }
}

export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function validationFailed(error: ZodError, message = 'The request is not valid'): StationError {
  return new StationError('invalid', 'validation_failed', message, zodDetails(error));
}
