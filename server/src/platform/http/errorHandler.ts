import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type RefusalKind } from '../errors';

/** The one place where a domain refusal becomes an HTTP status. */
const STATUS_OF: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  too_large: 413,
  too_many: 429,
  upstream: 502,
  unavailable: 503,
};

/** PostgreSQL errors a client's input can cause: they are the client's, answered with a 4xx. */
const PG_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  '23505': [409, 'conflict', 'Este registro já existe.'],
  '23503': [409, 'conflict', 'Referência inexistente.'],
  '23514': [400, 'invalid_value', 'Valor inválido.'],
  '22001': [400, 'invalid_value', 'Texto longo demais.'],
  '22P02': [400, 'invalid_value', 'Valor inválido.'],
  '22003': [400, 'invalid_value', 'Número fora do intervalo.'],
  '22021': [400, 'invalid_value', 'Texto com caracteres inválidos.'],
};

/**
 * Fields whose shape is a rule of the contract with a name of its own: a request that breaks it
 * gets that name and a sentence for people, not the schema's wording.
 */
const FIELD_REFUSALS: Record<string, [string, string]> = {
  orderId: ['invalid_order_id', 'Número de pedido inválido.'],
  transaction: ['invalid_order_id', 'Número de pedido inválido.'],
};

function fieldRefusal(validation: ReadonlyArray<{ instancePath?: string }>): [string, string] | undefined {
  const field = validation[0]?.instancePath?.split('/').pop() ?? '';
  return Object.hasOwn(FIELD_REFUSALS, field) ? FIELD_REFUSALS[field] : undefined;
}

/** Every error becomes `{ error, message }`; a 5xx only for our own bugs, and it is logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof DomainError) {
      if (error.kind === 'unavailable' || error.kind === 'upstream')
        request.log.error({ err: error }, 'a service we depend on is unavailable');
      return reply.code(STATUS_OF[error.kind]).send({ error: error.code, message: error.message });
    }
    if (error.validation) {
      const [code, message] = fieldRefusal(error.validation) ?? [
        'invalid_request',
        `Requisição inválida: ${error.message}`,
      ];
      return reply.code(400).send({ error: code, message });
    }
    const pg = error.code ? PG_CLIENT_ERRORS[error.code] : undefined;
    if (pg) {
      request.log.warn({ err: error }, 'database refused client input');
      return reply.code(pg[0]).send({ error: pg[1], message: pg[2] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: 'too_large', message: 'O envio é grande demais.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ error: (error.code ?? 'bad_request').toLowerCase(), message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal', message: 'Erro interno. Tente novamente.' });
  });
}
