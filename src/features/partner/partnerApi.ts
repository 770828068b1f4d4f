import { api, LIST } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { Contract, CouponReport, Deal, InvitationPayload, LaunchCouponRequest } from '../../../contract/wire';

export const partnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContracts: build.query<Contract[], string>({
      query: (partner) => path`/contracts/${partner}`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, partner) => [{ type: 'Contracts', id: partner }],
    }),
    /** Registers the coupon a partner copies; answers `success`. */
    launchCoupon: build.mutation<string, LaunchCouponRequest>({
      query: (request) => ({ url: '/launch_coupon', method: 'POST', body: request, responseHandler: 'text' }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { partner }) => [{ type: 'Contracts', id: partner }],
    }),
    getDeals: build.query<Deal[], string>({
      query: (partner) => path`/deals/${partner}`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, partner) => [
        { type: 'Deals', id: partner },
        { type: 'Deals', id: LIST },
      ],
    }),
    /** The partner's coupons at work, by month: visits, orders, paid orders, commission. */
    getCouponMonths: build.query<CouponReport[], string>({
      query: (partner) => path`/deals/${partner}/coupons`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, partner) => [
        { type: 'Deals', id: partner },
        { type: 'Deals', id: LIST },
      ],
    }),
    /** Accepts an invitation: the signed-in account becomes the partner's. */
    authorizePartner: build.mutation<string, InvitationPayload>({
      query: ({ hash, partnerName }) => ({
        url: '/authorize_partner',
        method: 'POST',
        body: { hash, partnerName },
        responseHandler: 'text',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { partnerName }) => [
        'Account',
        { type: 'Contracts', id: partnerName },
        { type: 'Deals', id: partnerName },
      ],
    }),
  }),
});

export const { useGetContractsQuery, useGetCouponMonthsQuery, useGetDealsQuery } = partnerApi;
