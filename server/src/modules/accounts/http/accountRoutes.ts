import { Type } from '@sinclair/typebox';
import {
  Account,
  AccountListSchema,
  CreateAccountReply,
  CreateEventQuery,
  FreeNameReply,
  NameCheckReply,
  OkReply,
  OwnEvent,
  SetTransactionRequest,
  Transaction,
  VisitorLists,
} from '../../../../../contract/wire';
import { isEventTitle } from '../../../../../contract/eventTitle';
import { isName } from '../../../../../contract/names';
import { addToAccount, caller, createAccount, mergeIntoAccount, parseNewAccount, readAccount } from '../../identity';
import type { AppContext } from '../../../platform/context';
import { invalid, notFound } from '../../../platform/errors';
import { findEvent } from '../../events';
import { createEventForOrder, eventsOf, freeName, linkOrder, transactionsOf } from '../../commerce';
import { splitList } from '../../../platform/http/reply';
import { MEDIA_ID, ORDER_ID, SEGMENT, params, type Api } from '../../../platform/http/schemas';

/** The visitor's lists as comma-separated query values (`createAccount`, `updateAccount`). */
const LISTS_QUERY = Type.Object({
  collection: Type.Optional(Type.String({ maxLength: 400_000 })),
  packs: Type.Optional(Type.String({ maxLength: 100_000 })),
  events: Type.Optional(Type.String({ maxLength: 100_000 })),
});

function listsOf(query: { collection?: string; packs?: string; events?: string }): VisitorLists {
  return {
    collection: splitList(query.collection, 5000),
    packs: splitList(query.packs, 5000),
    events: splitList(query.events, 5000),
  };
}

/** The signed-in user's account, lists, orders and events. Every route needs a valid token. */
export function accountRoutes(app: Api, { db, rateLimit }: AppContext): void {
  app.get(
    '/createAccount',
    {
      schema: {
        querystring: Type.Composite([
          LISTS_QUERY,
          Type.Object({ account: Type.String({ minLength: 2, maxLength: 4000 }) }),
        ]),
        response: { 200: CreateAccountReply },
      },
      config: { auth: 'required', rateLimit: rateLimit('createAccount') },
    },
    // The account's device is the agent the server signed in the request's cookies, never the
    // one the JSON names: booth results made for that agent join the account's collection.
    async (request) =>
      createAccount(
        db,
        caller(request),
        { ...parseNewAccount(request.query.account), agent: request.visitorAgent ?? '' },
        listsOf(request.query),
      ),
  );

  app.get(
    '/updateAccount',
    {
      schema: { querystring: LISTS_QUERY, response: { 200: VisitorLists } },
      config: { auth: 'required', rateLimit: rateLimit('updateAccount') },
    },
    async (request) => mergeIntoAccount(db, caller(request), listsOf(request.query)),
  );

  app.get('/account', { schema: { response: { 200: Account } }, config: { auth: 'required' } }, async (request) => {
    const account = await readAccount(db, caller(request));
    if (!account) throw notFound('no_account', 'Conta não encontrada.');
    return account;
  });

  app.get(
    '/modifyAccount/add/:list/:value',
    {
      schema: { params: params({ list: AccountListSchema, value: MEDIA_ID }), response: { 200: OkReply } },
      config: { auth: 'required', rateLimit: rateLimit('modifyAccount') },
    },
    async (request) => {
      await addToAccount(db, caller(request), request.params.list, request.params.value);
      return 'ok' as const;
    },
  );

  app.post(
    '/set_transaction',
    {
      schema: { body: SetTransactionRequest, response: { 200: OkReply } },
      config: { auth: 'required', rateLimit: rateLimit('set_transaction') },
    },
    async (request) => {
      await linkOrder(db, caller(request), request.body.transaction, request.body.claim);
      return 'ok' as const;
    },
  );

  app.get(
    '/check_bname/:name',
    {
      schema: { params: params({ name: SEGMENT }), response: { 200: NameCheckReply } },
      config: { auth: 'optional', rateLimit: rateLimit('check_bname') },
    },
    async (request) => {
      const { name } = request.params;
      if (!isName(name)) return 'other' as const;
      return (await findEvent(db, name)) ? ('yes' as const) : ('no' as const);
    },
  );

  // The name a title gave was taken: the first free variant of it, offered to the owner.
  app.get(
    '/free_bname/:name',
    {
      schema: { params: params({ name: SEGMENT }), response: { 200: FreeNameReply } },
      config: { auth: 'optional', rateLimit: rateLimit('free_bname') },
    },
    async (request) => {
      const { name } = request.params;
      if (!isName(name)) throw invalid('invalid_name', 'Use somente letras, números, hífens (-), e underlines (_)');
      return { name: await freeName(db, name) };
    },
  );

  app.get(
    '/load_events',
    { schema: { response: { 200: Type.Array(OwnEvent) } }, config: { auth: 'required' } },
    async (request) => eventsOf(db, caller(request)),
  );

  app.get(
    '/load_transactions',
    { schema: { response: { 200: Type.Array(Transaction) } }, config: { auth: 'required' } },
    async (request) => transactionsOf(db, caller(request)),
  );

  app.get(
    '/create_event/:name/:orderId',
    // An event, and the galleries it opens, stay the account's: a revoked session creates none.
    {
      schema: {
        params: params({ name: SEGMENT, orderId: ORDER_ID }),
        querystring: CreateEventQuery,
        response: { 200: OkReply },
      },
      config: { auth: 'required', checkRevoked: true },
    },
    async (request) => {
      const { name, orderId } = request.params;
      const { title } = request.query;
      if (!isName(name)) throw invalid('invalid_name', 'Use somente letras, números, hífens (-), e underlines (_)');
      if (title !== undefined && !isEventTitle(title)) throw invalid('invalid_title', 'Escreva o nome do evento.');
      await createEventForOrder(db, caller(request), name, orderId, title);
      return 'ok' as const;
    },
  );
}
