import { api, LIST } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { SettleOrderRequest, TeamOrder } from '../../../contract/wire';

/** The team's view of every order, to settle Pix transfers by hand (team only). */
export const teamOrdersApi = api.enhanceEndpoints({ addTagTypes: ['TeamOrders'] }).injectEndpoints({
  endpoints: (build) => ({
    loadTeamOrders: build.query<TeamOrder[], void>({
      query: () => '/team_orders',
      extraOptions: { auth: 'required' },
      providesTags: (orders = []) => [
        { type: 'TeamOrders', id: LIST },
        ...orders.map((o) => ({ type: 'TeamOrders' as const, id: o.orderId })),
      ],
    }),
    /** The transfer arrived (approved) or never will (rejected). The reply is not read. */
    settleTeamOrder: build.mutation<unknown, { orderId: string } & SettleOrderRequest>({
      query: ({ orderId, status }) => ({
        url: path`/team_orders/${orderId}`,
        method: 'POST',
        body: { status },
        responseHandler: 'content-type',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'TeamOrders', id: orderId },
        // The buyer's own list (the team member may be the buyer) and their paid events.
        { type: 'Transactions', id: LIST },
        { type: 'OwnEvents', id: LIST },
      ],
    }),
  }),
});

export const { useLoadTeamOrdersQuery, useSettleTeamOrderMutation } = teamOrdersApi;
