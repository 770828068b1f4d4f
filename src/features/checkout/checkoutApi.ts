import { api, LIST } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { CardPaymentReply, CardPaymentRequest, OrderPayload, OrderReply } from '../../../contract/wire';
import { cardProvider, cardProviderMessage, type CardTokenRequest, type PaymentMethodResult } from './cardProvider';

/** A card provider failure, in the shape RTK Query hands to components. */
function providerError(error: unknown) {
  return { error: { status: 'CUSTOM_ERROR' as const, error: cardProviderMessage(error) } };
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Registers the order, priced by the server; anonymous visitors may order (the order is tied
     * to them later). Posting the same order again (a retry, a change of method) is harmless.
     */
    placeOrder: build.mutation<OrderReply, { coupon: string; order: OrderPayload }>({
      query: ({ coupon, order }) => ({ url: path`/order/${coupon}`, method: 'POST', body: order }),
      extraOptions: { auth: 'optional' },
      invalidatesTags: [{ type: 'Transactions', id: LIST }, { type: 'Deals', id: LIST }, 'Account'],
    }),
    /** Charges a card token for an order; the card itself never reaches our server. */
    processCardPayment: build.mutation<CardPaymentReply, CardPaymentRequest>({
      query: (payment) => ({ url: '/process_payment_card', method: 'POST', body: payment }),
      extraOptions: { auth: 'optional' },
      invalidatesTags: [{ type: 'Transactions', id: LIST }],
    }),
    /** The provider's lookup by the card's first six digits: its id and installment plans. */
    cardPaymentMethod: build.query<PaymentMethodResult | null, string>({
      queryFn: async (bin) => {
        try {
          const provider = await cardProvider();
          const { results } = await provider.getPaymentMethods({ bin });
          return { data: results[0] ?? null };
        } catch (error) {
          return providerError(error);
        }
      },
    }),
    /** The provider's single-use token for the card typed in. */
    createCardToken: build.mutation<string, CardTokenRequest>({
      queryFn: async (request) => {
        try {
          const provider = await cardProvider();
          return { data: (await provider.createCardToken(request)).id };
        } catch (error) {
          return providerError(error);
        }
      },
    }),
  }),
});

export const { useCardPaymentMethodQuery } = checkoutApi;
