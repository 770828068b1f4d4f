import { api, LIST } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import { boothMediaPath, visitedEventsPath } from '../../lib/earlyRequests';
import type { EventCard, EventDetails, ProductList } from '../../../contract/wire';
import type { MediaMode } from '../../../contract/modes';

export interface VisitedEventsArgs {
  events: readonly string[];
  agent: string;
}

export interface BoothMediaArgs {
  bname: string;
  type: MediaMode;
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Event details by id: only for a signed-in visitor (SPEC section 6). */
    getEvent: build.query<EventDetails, string>({
      query: (id) => ({ url: path`/evento/${id}`, headers: { 'Content-Type': 'application/json' } }),
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, id) => [{ type: 'Event', id }],
    }),
    /** The events this visitor attended; private ones only come back with a token. */
    getVisitedEvents: build.query<EventCard[], VisitedEventsArgs>({
      query: ({ events, agent }) => visitedEventsPath(events, agent),
      extraOptions: { auth: 'optional' },
      providesTags: [{ type: 'VisitedEvents', id: LIST }],
    }),
    /** One booth's media, oldest first as the server sends them. */
    getBoothMedia: build.query<ProductList, BoothMediaArgs>({
      // The page's early script asks for the same path (src/lib/earlyRequests.ts).
      query: ({ bname, type }) => boothMediaPath(bname, type),
      // A private event's media needs the login (SPEC section 6): the token goes when there is one.
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, { bname, type }) => [{ type: 'BoothMedia', id: `${bname}/${type}` }],
    }),
  }),
});

export const { useGetEventQuery, useGetVisitedEventsQuery, useGetBoothMediaQuery } = eventsApi;
