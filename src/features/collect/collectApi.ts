import { api } from '../../api/apiSlice';
import { mediaSource } from '../../api/mediaSource';
import { path } from '../../api/paths';
import type { ProductList } from '../../api/wire';

export interface DeviceLastArgs {
  bname: string;
  device: string;
}

/** What the media server says of a collect link's item. */
export type MediaPresence = 'found' | 'missing';

export const collectApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Whether the item a collect link names exists, asked with a HEAD of the file itself: only media
     * that exists is collected. A 404 is an answer ('missing'); no answer is an error, retried.
     */
    checkMedia: build.query<MediaPresence, string>({
      queryFn: async (url, { signal }) => {
        try {
          const response = await fetch(mediaSource(url), { method: 'HEAD', signal });
          if (response.ok) return { data: 'found' };
          if (response.status === 404 || response.status === 410) return { data: 'missing' };
          return { error: { status: response.status, data: null } };
        } catch (error) {
          return { error: { status: 'FETCH_ERROR', error: error instanceof Error ? error.message : String(error) } };
        }
      },
    }),
    /** The last media a booth took; `product` is empty when it has none yet. */
    getDeviceLast: build.query<ProductList, DeviceLastArgs>({
      query: ({ bname, device }) => path`/deviceLast/${bname}/${device}`,
      // A private event's results need its login.
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, { bname, device }) => [{ type: 'DeviceLast', id: `${bname}/${device}` }],
    }),
  }),
});

export const { useCheckMediaQuery, useGetDeviceLastQuery } = collectApi;
