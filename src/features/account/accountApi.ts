import { api, LIST } from '../../api/apiSlice';
import { path } from '../../api/paths';
import type {
  Account,
  AccountList,
  CreateAccountReply,
  NameCheckReply,
  NewAccount,
  OwnEvent,
  Transaction,
  VisitorLists,
} from '../../api/wire';

export interface CreateAccountArgs {
  account: NewAccount;
  lists: VisitorLists;
}

function listParams(lists: VisitorLists): Record<string, string> {
  return {
    collection: lists.collection.join(','),
    packs: lists.packs.join(','),
    events: lists.events.join(','),
  };
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Adds a collected item or a pack to the signed-in account. */
    addToAccount: build.mutation<string, { list: AccountList; value: string }>({
      query: ({ list, value }) => ({ url: path`/modifyAccount/add/${list}/${value}`, responseHandler: 'text' }),
      extraOptions: { auth: 'required' },
      invalidatesTags: ['Account'],
    }),
    createAccount: build.mutation<CreateAccountReply, CreateAccountArgs>({
      query: ({ account, lists }) => ({
        url: '/createAccount',
        params: { account: JSON.stringify(account), ...listParams(lists) },
        responseHandler: 'text',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: ['Account'],
    }),
    /** Merges the visitor's lists into the account; answers the union of both. */
    updateAccount: build.mutation<VisitorLists, VisitorLists>({
      query: (lists) => ({ url: '/updateAccount', params: listParams(lists) }),
      extraOptions: { auth: 'required' },
      invalidatesTags: ['Account'],
    }),
    getAccount: build.query<Account, void>({
      query: () => '/account',
      extraOptions: { auth: 'required' },
      providesTags: ['Account'],
    }),
    setTransaction: build.mutation<string, string>({
      query: (transaction) => ({
        url: '/set_transaction',
        method: 'POST',
        body: { transaction },
        responseHandler: 'text',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: [{ type: 'Transactions', id: LIST }, 'Account'],
    }),
    checkEventName: build.query<NameCheckReply, string>({
      query: (name) => ({ url: path`/check_bname/${name}`, responseHandler: 'text' }),
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, name) => [{ type: 'EventName', id: name }],
      keepUnusedDataFor: 0,
    }),
    loadEvents: build.query<OwnEvent[], void>({
      query: () => '/load_events',
      extraOptions: { auth: 'required' },
      providesTags: [{ type: 'OwnEvents', id: LIST }],
    }),
    loadTransactions: build.query<Transaction[], void>({
      query: () => '/load_transactions',
      extraOptions: { auth: 'required' },
      providesTags: [{ type: 'Transactions', id: LIST }],
    }),
    createEvent: build.mutation<string, { name: string; orderId: string }>({
      query: ({ name, orderId }) => ({ url: path`/create_event/${name}/${orderId}`, responseHandler: 'text' }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { name }) => [
        { type: 'OwnEvents', id: LIST },
        { type: 'EventName', id: name },
        { type: 'VisitedEvents', id: LIST },
        'Account',
      ],
    }),
  }),
});

export const {
  useAddToAccountMutation,
  useCreateAccountMutation,
  useUpdateAccountMutation,
  useGetAccountQuery,
  useSetTransactionMutation,
  useCheckEventNameQuery,
  useLazyCheckEventNameQuery,
  useLoadEventsQuery,
  useLoadTransactionsQuery,
  useCreateEventMutation,
} = accountApi;
