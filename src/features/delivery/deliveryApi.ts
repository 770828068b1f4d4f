import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { DeliveryOffer, StopDeliveryReply, SubscribeReply, SubscribeRequest } from '../../../contract/wire';

/**
 * A guest's photos delivered by WhatsApp or e-mail (docs/api.md#photos-delivered): the offer, the subscription and
 * its stop, on the collect, face and pack pages and the stop link's page. The dashboard's and the privacy page's calls
 * are in deliveryListsApi.ts, so that the guest's pages ship only these.
 */
export const deliveryApi = api.enhanceEndpoints({ addTagTypes: ['DeliveryOffer'] }).injectEndpoints({
  endpoints: (build) => ({
    /** What the event offers this visitor now (nothing while its owner has it off), and their subscription. */
    getDeliveryOffer: build.query<DeliveryOffer, string>({
      query: (eventName) => path`/entregas/${eventName}`,
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, eventName) => [{ type: 'DeliveryOffer', id: eventName }],
    }),
    /** The guest subscribes (or changes their subscription), under the consent text's hash they agreed to. */
    subscribe: build.mutation<SubscribeReply, SubscribeRequest & { eventName: string }>({
      query: ({ eventName, ...body }) => ({ url: path`/entregas/${eventName}`, method: 'POST', body }),
      extraOptions: { auth: 'optional' },
      invalidatesTags: (_result, _error, { eventName }) => [{ type: 'DeliveryOffer', id: eventName }, 'Privacy'],
    }),
    /** 'Parar de receber' on the guest's own page: nothing more is sent, at once. */
    stopDelivery: build.mutation<StopDeliveryReply, string>({
      query: (eventName) => ({ url: path`/entregas/${eventName}`, method: 'DELETE' }),
      extraOptions: { auth: 'optional' },
      invalidatesTags: (_result, _error, eventName) => [{ type: 'DeliveryOffer', id: eventName }, 'Privacy'],
    }),
    /** 'Parar de receber' from a message's link: the signed token stands for the subscription, no login. */
    stopByLink: build.mutation<StopDeliveryReply, string>({
      query: (token) => ({ url: path`/entregas/parar/${token}`, method: 'POST' }),
      invalidatesTags: ['DeliveryOffer', 'Privacy'],
    }),
  }),
});

/**
 * The offer asked again: a face search (or its deletion) changes whether it may send the photos the face is found in.
 * The face screen dispatches it once its call is answered.
 */
export const deliveryOfferChanged = () => deliveryApi.util.invalidateTags(['DeliveryOffer']);

export const { useGetDeliveryOfferQuery, useSubscribeMutation, useStopDeliveryMutation, useStopByLinkMutation } =
  deliveryApi;
