import type { FastifyInstance } from 'fastify';
import { NAME_PATTERN, type AccountList } from '../../../src/api/wire';
import { caller } from '../auth/guard';
import { addToAccount, createAccount, mergeIntoAccount, parseNewAccount, readAccount } from '../domain/accounts';
import { findEvent } from '../domain/events';
import { createEventForOrder, eventsOf, linkOrder, transactionsOf } from '../domain/orders';
import { badRequest, notFound } from '../http/errors';
import { sendText, splitList } from '../http/reply';
import { SEGMENT, params } from '../http/schemas';
import type { AppContext } from './context';

const LISTS_QUERY = {
  type: 'object',
  properties: {
    collection: { type: 'string', maxLength: 400_000 },
    packs: { type: 'string', maxLength: 100_000 },
    events: { type: 'string', maxLength: 100_000 },
  },
} as const;

type ListsQuery = { collection?: string; packs?: string; events?: string };

function listsOf(query: ListsQuery) {
  return {
    collection: splitList(query.collection, 5000),
    packs: splitList(query.packs, 5000),
    events: splitList(query.events, 5000),
  };
}

/** The signed-in user's account, lists, orders and events. Every route needs a valid token. */
export function accountRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Querystring: ListsQuery & { account: string } }>(
    '/createAccount',
    {
      schema: {
        querystring: {
          ...LISTS_QUERY,
          properties: { ...LISTS_QUERY.properties, account: { type: 'string', minLength: 2, maxLength: 4000 } },
          required: ['account'],
        },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const account = parseNewAccount(request.query.account);
      return sendText(reply, await createAccount(db, caller(request), account, listsOf(request.query)));
    },
  );

  app.get<{ Querystring: ListsQuery }>(
    '/updateAccount',
    { schema: { querystring: LISTS_QUERY }, config: { auth: 'required' } },
    async (request) => mergeIntoAccount(db, caller(request), listsOf(request.query)),
  );

  app.get('/account', { config: { auth: 'required' } }, async (request) => {
    const account = await readAccount(db, caller(request));
    if (!account) throw notFound('no_account', 'Conta não encontrada.');
    return account;
  });

  app.get<{ Params: { list: AccountList; value: string } }>(
    '/modifyAccount/add/:list/:value',
    {
      schema: { params: params({ list: { type: 'string', enum: ['packs', 'collection'] }, value: { type: 'string', minLength: 1, maxLength: 1024 } }) },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      await addToAccount(db, caller(request), request.params.list, request.params.value);
      return sendText(reply, 'ok');
    },
  );

  app.post<{ Body: { transaction: string } }>(
    '/set_transaction',
    {
      schema: {
        body: {
          type: 'object',
          properties: { transaction: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' } },
          required: ['transaction'],
          additionalProperties: false,
        },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      await linkOrder(db, caller(request), request.body.transaction);
      return sendText(reply, 'ok');
    },
  );

  app.get<{ Params: { name: string } }>(
    '/check_bname/:name',
    { schema: { params: params({ name: SEGMENT }) }, config: { auth: 'optional' } },
    async (request, reply) => {
      const { name } = request.params;
      if (!NAME_PATTERN.test(name) || name.length > 64) return sendText(reply, 'other');
      return sendText(reply, (await findEvent(db, name)) ? 'yes' : 'no');
    },
  );

  app.get('/load_events', { config: { auth: 'required' } }, async (request) =>
    (await eventsOf(db, caller(request))).map(({ eventName, eventCreated, products, orderId }) => ({
      eventName,
      eventCreated,
      products,
      orderId,
    })),
  );

  app.get('/load_transactions', { config: { auth: 'required' } }, async (request) => transactionsOf(db, caller(request)));

  app.get<{ Params: { name: string; orderId: string } }>(
    '/create_event/:name/:orderId',
    {
      schema: { params: params({ name: SEGMENT, orderId: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' } }) },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const { name, orderId } = request.params;
      if (!NAME_PATTERN.test(name) || name.length > 64) {
        throw badRequest('invalid_name', 'Use somente letras, números, hífens (-), e underlines (_)');
      }
      await createEventForOrder(db, caller(request), name, orderId);
      return sendText(reply, 'ok');
    },
  );

}
