import { api, LIST } from '../api/apiSlice';
import { path } from '../lib/urlPath';
import type {
  Account,
  AccountList,
  CreateAccountReply,
  NewAccount,
  SetTransactionRequest,
  VisitorLists,
} from '../../contract/wire';

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

/** The account as the session keeps it in step with the visitor's lists (docs/product.md#sign-in-and-sign-up). */
export const accountSyncApi = api.injectEndpoints({
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
    setTransaction: build.mutation<string, SetTransactionRequest>({
      query: (body) => ({
        url: '/set_transaction',
        method: 'POST',
        body,
        responseHandler: 'text',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: [{ type: 'Transactions', id: LIST }, 'Account'],
    }),
  }),
});

export const { useGetAccountQuery } = accountSyncApi;
