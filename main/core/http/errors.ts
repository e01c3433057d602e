import type { ZodError } from 'zod';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * A failure with a place in the API contract. Routes and services throw these; the one
 * error handler turns them into the JSON error shape. Anything else becomes a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra fields merged into the error body (e.g. print results under strict). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[], code = 'bad_request') =>
  new HttpError(400, code, message, details);
export const unauthorized = (message = 'A valid API key is required in the X-API-Key header') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'This API key cannot access that resource') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** 429: the caller asked too often; `Retry-After` says in how many seconds it may ask again. */
export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function validationFailed(error: ZodError, message = 'The request is not valid'): HttpError {
  return new HttpError(400, 'validation_failed', message, zodDetails(error));
}
