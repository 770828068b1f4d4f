import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors';

/**
 * Whether a value is parsed data (JSON's objects, a query's) and not an uploaded file: its bytes,
 * or its body as it arrives, a stream, whose fields (its socket, its server, their buffers) are
 * no text of anyone's, and many (walking them is a graph of the whole server).
 */
function isParsedObject(value: object): boolean {
  return !Buffer.isBuffer(value) && !(value instanceof Stream);
}

/** Whether a parsed request part holds a NUL character, in a value or a key, however deep. */
function holdsNul(value: unknown): boolean {
  // A stack of its own: a hostile body can nest thousands of levels deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object' && isParsedObject(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * NUL is never part of text a person typed, and PostgreSQL cannot store it. A request holding one
 * in its path, query or JSON body is refused before validation, so that no handler half-works on
 * it (a list that drops the bad entry and saves the others, say). Uploaded files are bytes: left alone.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  // A callback hook: it runs on every API call and never waits for anything.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      return done(invalid('invalid_text', 'O texto enviado tem um caractere inválido.'));
    }
    done();
  });
}
