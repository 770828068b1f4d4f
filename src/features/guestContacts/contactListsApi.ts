import { path } from '../../lib/urlPath';
import type {
  EventContactsReply,
  GuestContactSettings,
  MyContactsReply,
  WithdrawContactReply,
} from '../../../contract/wire';
import { guestContactsApi } from './guestContactsApi';

/**
 * The lists of contacts left: the owner's (and the team's) setting and list on the dashboard, and
 * the visitor's own with their withdrawal on the privacy page (under the 'Privacy' tag, which an
 * erasure invalidates).
 */
export const contactListsApi = guestContactsApi.injectEndpoints({
  endpoints: (build) => ({
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
          void dispatch(contactListsApi.util.upsertQueryData('getEventContacts', eventName, data));
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
  useGetEventContactsQuery,
  useSetEventContactsMutation,
  useGetMyContactsQuery,
  useWithdrawContactMutation,
} = contactListsApi;
