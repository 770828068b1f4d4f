import { api, apiBaseUrl } from '../../api/apiSlice';
import { followLiveVersion, NOT_LIVE, type LiveVersion } from '../../api/liveVersion';
import { path } from '../../lib/urlPath';
import { withQuery } from '../../../contract/routePaths';
import { versionOfGalleryEtag } from '../../../contract/galleryVersion';
import type { WallReply } from '../../../contract/wire';

/** The wall's address (features/wall/wallSlice.ts): asked again for whoever looks now (`viewer`), with their token. */
export interface WallArgs {
  publicId: string;
  key: string | null;
  viewer: string;
}

/** The wall's list, and its version as its ETag says it (null: unknown). */
export type Wall = WallReply & { version: string | null };

const withKey = (url: string, key: string | null) => withQuery(url, { chave: key ?? undefined });

export const wallApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/telao/{publicId}: the event's newest booth media, newest first; the owner's token goes when there is one. */
    getWall: build.query<Wall, WallArgs>({
      query: ({ publicId, key }) => withKey(path`/telao/${publicId}`, key),
      transformResponse: (reply: WallReply, meta) => ({ ...reply, version: versionOfGalleryEtag(meta?.response?.headers.get('ETag')) }),
      extraOptions: { auth: 'optional' },
    }),
    /** The wall followed live (GET /api/telao/{publicId}/ao-vivo): each new version of its list, for as long as it shows. */
    followWall: build.query<LiveVersion, WallArgs>({
      queryFn: () => ({ data: NOT_LIVE }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: ({ publicId, key }, entry) => followLiveVersion(apiBaseUrl() + withKey(path`/telao/${publicId}/ao-vivo`, key), entry),
    }),
  }),
});

export const { useGetWallQuery, useFollowWallQuery } = wallApi;
