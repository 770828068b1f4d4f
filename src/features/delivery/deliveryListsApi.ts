import { path } from '../../lib/urlPath';
import type {
  DeliverySettings,
  EraseDeliveriesReply,
  EventDeliveryReply,
  MyDeliveriesReply,
} from '../../../contract/wire';
import { deliveryApi } from './deliveryApi';

/**
 * The owner's (and the team's) switch, cap and figures on the dashboard, and the visitor's own subscriptions with the
 * messages sent on the privacy page (under the 'Privacy' tag, which an erasure invalidates).
 */
export const deliveryListsApi = deliveryApi.enhanceEndpoints({ addTagTypes: ['EventDelivery'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The setting and the figures as they stand now (asked again during the party). */
    getEventDelivery: build.query<EventDeliveryReply, string>({
      query: (eventName) => path`/events/${eventName}/entregas`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, eventName) => [{ type: 'EventDelivery', id: eventName }],
    }),
    /** Turns delivery on or off and sets the cap; the answer is shown at once. */
    setEventDelivery: build.mutation<EventDeliveryReply, DeliverySettings & { eventName: string }>({
      query: ({ eventName, ...body }) => ({ url: path`/events/${eventName}/entregas`, method: 'PUT', body }),
      extraOptions: { auth: 'required' },
      async onQueryStarted({ eventName }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(deliveryListsApi.util.upsertQueryData('getEventDelivery', eventName, data));
        } catch {
          // Refused: the section says so, and shows what the server still has.
        }
      },
      invalidatesTags: (_result, _error, { eventName }) => [{ type: 'DeliveryOffer', id: eventName }],
    }),
    /** 'Encerrar a festa': each subscribed guest gets one last message, with their collection and the gallery. */
    endEventDelivery: build.mutation<EventDeliveryReply, string>({
      query: (eventName) => ({ url: path`/events/${eventName}/entregas/fim`, method: 'POST' }),
      extraOptions: { auth: 'required' },
      async onQueryStarted(eventName, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(deliveryListsApi.util.upsertQueryData('getEventDelivery', eventName, data));
        } catch {
          // Refused: the section says so.
        }
      },
    }),
    /** This browser's subscriptions and the messages sent (the privacy page). */
    getMyDeliveries: build.query<MyDeliveriesReply, string>({
      query: (agent) => path`/privacy/entregas/${agent}`,
      providesTags: ['Privacy'],
    }),
    /** One event's subscription and its messages erased: nothing more is sent. */
    eraseDelivery: build.mutation<EraseDeliveriesReply, { agent: string; eventName: string }>({
      query: ({ agent, eventName }) => ({ url: path`/privacy/entregas/${agent}/${eventName}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { eventName }) => ['Privacy', { type: 'DeliveryOffer', id: eventName }],
    }),
  }),
});

export const {
  useGetEventDeliveryQuery,
  useSetEventDeliveryMutation,
  useEndEventDeliveryMutation,
  useGetMyDeliveriesQuery,
  useEraseDeliveryMutation,
} = deliveryListsApi;
