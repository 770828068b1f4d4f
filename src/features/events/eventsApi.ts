import { api, apiBaseUrl, LIST } from '../../api/apiSlice';
import { followLiveVersion, NOT_LIVE, type LiveVersion } from '../../api/liveVersion';
import { path } from '../../lib/urlPath';
import { boothMediaPath, visitedEventsPath } from '../../firstPaint/earlyRequests';
import type { EventCard, EventDetails, ProductList } from '../../../contract/wire';
import type { MediaMode } from '../../../contract/modes';
import { versionOfGalleryEtag } from '../../../contract/galleryVersion';
import type { EventName } from '../../../contract/names';

export interface VisitedEventsArgs {
  events: readonly string[];
  agent: string;
}

export interface BoothMediaArgs {
  eventName: EventName;
  type: MediaMode;
}

/** A booth's list, and its version when the server said it (null: unknown, and asked again on any news). */
export type BoothMedia = ProductList & { version: string | null };

/** A booth gallery followed live: whether its stream is open, and its list's version as the server last said. */
export type LiveGallery = LiveVersion;

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Event details by id: only for a signed-in visitor (docs/product.md#roles-and-permissions). */
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
    /** One booth's media, oldest first as the server sends them, and the version of that list (its ETag's). */
    getBoothMedia: build.query<BoothMedia, BoothMediaArgs>({
      // The page's early script asks for the same path (src/firstPaint/earlyRequests.ts).
      query: ({ eventName, type }) => boothMediaPath(eventName, type),
      transformResponse: (reply: ProductList, meta) => ({
        ...reply,
        version: versionOfGalleryEtag(meta?.response?.headers.get('ETag')),
      }),
      // A private event's media needs the login (docs/product.md#roles-and-permissions): the token goes when there is
      // one.
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, { eventName, type }) => [{ type: 'BoothMedia', id: `${eventName}/${type}` }],
    }),
    /**
     * A booth's gallery followed live (GET /api/live/..., server-sent events): no reply of its
     * own, a stream held for as long as a gallery shows, saying each new version of its list;
     * one per viewer (`viewer` changes with a sign-in: a private event's stream needs the login).
     */
    followBoothMedia: build.query<LiveGallery, BoothMediaArgs & { viewer: string }>({
      queryFn: () => ({ data: NOT_LIVE }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: ({ eventName, type }, entry) =>
        followLiveVersion(apiBaseUrl() + path`/live/${eventName}/${type}`, entry),
    }),
  }),
});

export const { useGetEventQuery, useGetVisitedEventsQuery, useGetBoothMediaQuery, useFollowBoothMediaQuery } =
  eventsApi;
