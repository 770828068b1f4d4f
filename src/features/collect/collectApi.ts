import { api } from '../../api/apiSlice';
import { mediaSource } from '../../api/mediaSource';
import { path } from '../../lib/urlPath';
import type { DeviceLastReply } from '../../../contract/wire';
import type { EventName } from '../../../contract/names';

export interface DeviceLastArgs {
  eventName: EventName;
  device: string;
  /**
   * The code the booth's screen signed into its QR code: it opens a link-only or private event to whoever scanned it.
   */
  code?: string;
}

/**
 * What the media server says of a collect link's item: 'locked' is a file of a link-only or
 * private event that only a login opens (server/src/modules/access/http/mediaGate.ts); 'hidden' one
 * the event's host hid (docs/product.md#moderation).
 */
export type MediaPresence = 'found' | 'missing' | 'locked' | 'hidden';

/** The header of a hidden file's 404 (server/src/modules/access/http/mediaGate.ts). */
const HIDDEN_HEADER = 'X-Media-Hidden';

/**
 * Asks the media server with a HEAD of the file itself. A 404 (or 410) is an answer: 'missing', or
 * 'hidden' when the server says the host hid it; a 401 or 403 too: 'locked'; no answer, or another
 * status, is 'unknown' and worth asking again.
 */
export async function headMedia(
  url: string,
  signal?: AbortSignal,
): Promise<MediaPresence | { unknown: string | number }> {
  try {
    const response = await fetch(mediaSource(url), { method: 'HEAD', signal });
    if (response.ok) return 'found';
    if (response.status === 404 && response.headers.get(HIDDEN_HEADER) === '1') return 'hidden';
    if (response.status === 404 || response.status === 410) return 'missing';
    if (response.status === 401 || response.status === 403) return 'locked';
    return { unknown: response.status };
  } catch (error) {
    return { unknown: error instanceof Error ? error.message : String(error) };
  }
}

export const collectApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Whether the item a collect link names exists, asked with a HEAD of the file itself: only media
     * that exists is collected. A 404 is an answer ('missing'); no answer is an error, retried.
     */
    checkMedia: build.query<MediaPresence, string>({
      queryFn: async (url, { signal }) => {
        const presence = await headMedia(url, signal);
        if (typeof presence === 'string') return { data: presence };
        const { unknown } = presence;
        return {
          error:
            typeof unknown === 'number' ? { status: unknown, data: null } : { status: 'FETCH_ERROR', error: unknown },
        };
      },
      // The media cookie of a login that just arrived may open what was locked: ask again then.
      providesTags: ['MediaAccess'],
    }),
    /**
     * The last media a booth took (`product` is empty when it has none yet), and the booth's and its event's titles.
     */
    getDeviceLast: build.query<DeviceLastReply, DeviceLastArgs>({
      query: ({ eventName, device, code }) =>
        path`/deviceLast/${eventName}/${device}` + (code ? `?code=${encodeURIComponent(code)}` : ''),
      // A private event's results need its login.
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, { eventName, device }) => [{ type: 'DeviceLast', id: `${eventName}/${device}` }],
    }),
  }),
});

export const { useCheckMediaQuery, useGetDeviceLastQuery, useLazyGetDeviceLastQuery } = collectApi;
