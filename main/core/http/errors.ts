/**
 * An answer only the HTTP layer gives (no route for a path, a method a path does not serve,
 * a host name the dashboard does not answer for): its status is HTTP's own. Everything the
 * station's services refuse is a `StationError` (errors.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
