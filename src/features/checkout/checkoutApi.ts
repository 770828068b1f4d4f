import { api, LIST } from '../../api/apiSlice';
import { path } from '../../api/paths';
import type { CardPaymentReply, CardPaymentRequest, OrderPayload, OrderReply } from '../../api/wire';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Registers the order; anonymous visitors may order (the order is tied to them later). */
    placeOrder: build.mutation<OrderReply, { coupon: string; order: OrderPayload }>({
      query: ({ coupon, order }) => ({ url: path`/order/${coupon}`, method: 'POST', body: order }),
      extraOptions: { auth: 'optional' },
      invalidatesTags: [{ type: 'Transactions', id: LIST }, { type: 'Deals', id: LIST }, 'Account'],
    }),
    /** Charges a card token; the card itself never reaches our server. */
    processCardPayment: build.mutation<CardPaymentReply, CardPaymentRequest>({
      query: (payment) => ({ url: '/process_payment_card', method: 'POST', body: payment }),
      extraOptions: { auth: 'optional' },
    }),
  }),
});

export const { usePlaceOrderMutation, useProcessCardPaymentMutation } = checkoutApi;
