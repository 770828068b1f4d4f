/** An error the client caused or must know about: a 4xx status and `{ error, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const unauthorized = (message = 'Faça login para continuar.') => new HttpError(401, 'unauthenticated', message);
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const unprocessable = (code: string, message: string) => new HttpError(422, code, message);

/** The identity service or another dependency is down: not the client's fault, retry later. */
export const unavailable = (code: string, message: string) => new HttpError(503, code, message);
