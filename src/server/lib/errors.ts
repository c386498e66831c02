/** An error whose message is safe to show the client, answered as { success: false, message }. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Unauthorized') => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooManyRequests = (message: string) => new ApiError(429, message);

/** The only text a 500 ever carries; details go to the log with the request id (the 503s have their own two, below). */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * A 503's text: the database cannot serve the request right now. What the request was doing was
 * rolled back, unless the connection ended during its very commit: a money call retried under the
 * same Idempotency-Key then gets its first answer, never a second movement.
 */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again.';

/** A 503's text while the process drains (SIGTERM: plugins/drain.ts), health checks included. */
export const DRAINING_MESSAGE = 'This server is restarting; please try again in a moment';
