import { api, apiBaseUrl } from '../../api/apiSlice';
import { followLiveVersion, NOT_LIVE, type LiveVersion } from '../../api/liveVersion';
import { path } from '../../lib/urlPath';
import { withQuery } from '../../../contract/routePaths';
import { versionOfGalleryEtag } from '../../../contract/galleryVersion';
import type { WallLinkReply, WallNightReply, WallReply } from '../../../contract/wire';

/** The wall's address (features/wall/wallSlice.ts): asked again for whoever looks now (`viewer`), with their token. */
export interface WallArgs {
  publicId: string;
  key: string | null;
  viewer: string;
}

/**
 * A page of the wall's night: after which cursor (null: its start), and which round of it (a new round reads the start
 * afresh).
 */
export interface WallNightArgs extends WallArgs {
  after: string | null;
  round: number;
}

/** The wall's list, and its version as its ETag says it (null: unknown). */
export type Wall = WallReply & { version: string | null };

const withKey = (url: string, key: string | null) => withQuery(url, { chave: key ?? undefined });

export const wallApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/telao/{publicId}: the event's newest booth media, newest first; the owner's token goes when there is
     * one.
     */
    getWall: build.query<Wall, WallArgs>({
      query: ({ publicId, key }) => withKey(path`/telao/${publicId}`, key),
      transformResponse: (reply: WallReply, meta) => ({
        ...reply,
        version: versionOfGalleryEtag(meta?.response?.headers.get('ETag')),
      }),
      extraOptions: { auth: 'optional' },
    }),
    /** GET /api/telao/{publicId}/noite: a page of every medium of the night, oldest first. */
    getWallNight: build.query<WallNightReply, WallNightArgs>({
      query: ({ publicId, key, after }) =>
        withQuery(path`/telao/${publicId}/noite`, { chave: key ?? undefined, depois: after ?? undefined }),
      extraOptions: { auth: 'optional' },
      // Each page is read once, when the wall needs it: a page kept would show a night as it was.
      keepUnusedDataFor: 0,
    }),
    /**
     * GET /api/events/{bname}/telao, for the owner or the team at a wall that closed: where the event's wall is now.
     */
    getWallAddress: build.query<WallLinkReply, string>({
      query: (eventName) => path`/events/${eventName}/telao`,
      extraOptions: { auth: 'required' },
      keepUnusedDataFor: 0,
    }),
    /**
     * The wall followed live (GET /api/telao/{publicId}/ao-vivo): each new version of its list, for as long as it
     * shows.
     */
    followWall: build.query<LiveVersion, WallArgs>({
      queryFn: () => ({ data: NOT_LIVE }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: ({ publicId, key }, entry) =>
        followLiveVersion(apiBaseUrl() + withKey(path`/telao/${publicId}/ao-vivo`, key), entry),
    }),
  }),
});

export const { useGetWallQuery, useGetWallNightQuery, useGetWallAddressQuery, useFollowWallQuery } = wallApi;
