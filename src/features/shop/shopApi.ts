import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { ShopReply } from '../../../contract/wire';

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The catalogue and the coupon's discount (a fraction). */
    getShop: build.query<ShopReply, { coupon: string; agent: string }>({
      query: ({ coupon, agent }) => path`/shop/${coupon}/${agent}`,
      providesTags: (_result, _error, { coupon }) => [{ type: 'Shop', id: coupon }],
    }),
  }),
});

export const { useGetShopQuery } = shopApi;
