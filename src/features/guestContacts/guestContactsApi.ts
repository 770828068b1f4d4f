import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type {
  ContactOffer,
  EventContactsReply,
  GuestContactSettings,
  LeaveContactReply,
  LeaveContactRequest,
  MyContactsReply,
  WithdrawContactReply,
} from '../../../contract/wire';

/**
 * Guests who leave their contact (docs/api.md#guests-contacts): the offer and the contact on the
 * collect and face pages, the owner's setting and list on the dashboard, the visitor's contacts
 * and their withdrawal on the privacy page (under the 'Privacy' tag, which an erasure invalidates).
 */
export const guestContactsApi = api
  .enhanceEndpoints({ addTagTypes: ['ContactOffer', 'GuestContacts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** What the event asks of this visitor now: nothing while its owner has it off. */
      getContactOffer: build.query<ContactOffer, string>({
        query: (eventName) => path`/contatos/${eventName}`,
        extraOptions: { auth: 'optional' },
        providesTags: (_result, _error, eventName) => [{ type: 'ContactOffer', id: eventName }],
      }),
      /** The guest's contact, under the consent text's hash they agreed to. */
      leaveContact: build.mutation<LeaveContactReply, LeaveContactRequest & { eventName: string }>({
        query: ({ eventName, ...body }) => ({ url: path`/contatos/${eventName}`, method: 'POST', body }),
        extraOptions: { auth: 'optional' },
        invalidatesTags: (_result, _error, { eventName }) => [{ type: 'ContactOffer', id: eventName }, 'Privacy'],
      }),
      /** The owner's (and the team's) setting and the contacts left, newest first. */
      getEventContacts: build.query<EventContactsReply, string>({
        query: (eventName) => path`/events/${eventName}/contatos`,
        extraOptions: { auth: 'required' },
        providesTags: (_result, _error, eventName) => [{ type: 'GuestContacts', id: eventName }],
      }),
      /** Turns the form on or off and sets the days; the answer is the list as it stands, shown at once. */
      setEventContacts: build.mutation<EventContactsReply, GuestContactSettings & { eventName: string }>({
        query: ({ eventName, ...body }) => ({ url: path`/events/${eventName}/contatos`, method: 'PUT', body }),
        extraOptions: { auth: 'required' },
        async onQueryStarted({ eventName }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            void dispatch(guestContactsApi.util.upsertQueryData('getEventContacts', eventName, data));
          } catch {
            // Refused: the section says so, and shows what the server still has.
          }
        },
        invalidatesTags: (_result, _error, { eventName }) => [{ type: 'ContactOffer', id: eventName }],
      }),
      /** The contacts this browser left (the privacy page). */
      getMyContacts: build.query<MyContactsReply, string>({
        query: (agent) => path`/privacy/contacts/${agent}`,
        providesTags: ['Privacy'],
      }),
      /** The consent withdrawn at one event: the contact is deleted at once. */
      withdrawContact: build.mutation<WithdrawContactReply, { agent: string; eventName: string }>({
        query: ({ agent, eventName }) => ({ url: path`/privacy/contacts/${agent}/${eventName}`, method: 'DELETE' }),
        invalidatesTags: (_result, _error, { eventName }) => ['Privacy', { type: 'ContactOffer', id: eventName }],
      }),
    }),
  });

export const {
  useGetContactOfferQuery,
  useLeaveContactMutation,
  useGetEventContactsQuery,
  useSetEventContactsMutation,
  useGetMyContactsQuery,
  useWithdrawContactMutation,
} = guestContactsApi;
