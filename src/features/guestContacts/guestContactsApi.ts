import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { ContactOffer, LeaveContactReply, LeaveContactRequest } from '../../../contract/wire';

/**
 * Guests who leave their contact (docs/api.md#guests-contacts): the offer and the contact, on the
 * collect and face pages. The dashboard's and the privacy page's calls are in contactListsApi.ts,
 * so that the guest's pages ship only these.
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
    }),
  });

export const { useGetContactOfferQuery, useLeaveContactMutation } = guestContactsApi;
