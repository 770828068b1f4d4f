/**
 * Why the domain refuses something, in its own words: the HTTP layer (platform/http/errorHandler.ts) maps
 * each kind to a status, so the rules never speak HTTP. `code` is the stable machine name the
 * client may branch on; `message` is what a person reads, in Portuguese.
 */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'unprocessable'
  | 'too_large'
  | 'too_many'
  | 'upstream'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request makes no sense (a malformed value, a choice the catalogue does not allow). */
export const invalid = (code: string, message: string) => new DomainError('invalid', code, message);
/** Nobody (or nobody valid) is signed in. */
export const unauthenticated = (message = 'Faça login para continuar.', code = 'unauthenticated') =>
  new DomainError('unauthenticated', code, message);
/** Signed in, but not allowed to. */
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
/** It clashes with what is already there (a taken name, a spent copy, a used coupon). */
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
/** It existed, but is no longer good (an expired invitation). */
export const gone = (code: string, message: string) => new DomainError('gone', code, message);
/** The caller tried too often: refused without looking, retry later. */
export const tooMany = (code: string, message: string) => new DomainError('too_many', code, message);
/** Well-formed, but its content cannot be used (a file that is not the image it claims). */
export const unprocessable = (code: string, message: string) => new DomainError('unprocessable', code, message);
/** Bigger than we take (a file over its size or pixel limit). */
export const tooLarge = (code: string, message: string) => new DomainError('too_large', code, message);
/** A service we depend on answered with its own failure (the payment provider's 5xx): retry later. */
export const upstream = (code: string, message: string) => new DomainError('upstream', code, message);
/** A service we depend on is down: not the client's fault, retry later. */
export const unavailable = (code: string, message: string) => new DomainError('unavailable', code, message);
