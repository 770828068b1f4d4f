import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { UltraLastReply } from '../../../contract/wire';
import type { EventName } from '../../../contract/names';

export interface UltraSettings {
  device: string;
  qrid: string;
  speed: number;
  music: string;
  /** The visitor (beyond the spec): the session, and the video it makes, are theirs. */
  agent: string;
}

/** The result a visitor asks for: the platform and event of the link, and who asks. */
export interface UltraLastArgs {
  device: string;
  eventName: EventName;
  /** The visitor (beyond the spec): the server answers their own session and video only. */
  agent: string;
}

export const ultraApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `in_session` (text) while the visitor's session records or processes, then `{ product: [videoUrl] }` (JSON). */
    getUltraLast: build.query<UltraLastReply, UltraLastArgs>({
      query: ({ device, eventName, agent }) => ({
        url: path`/ultraLast/${device}/${eventName}` + (agent ? `?agent=${encodeURIComponent(agent)}` : ''),
        responseHandler: 'content-type',
      }),
      // A private event's results need its login.
      extraOptions: { auth: 'optional' },
      keepUnusedDataFor: 0,
    }),
    startUltraConfig: build.mutation<string, UltraSettings>({
      query: ({ device, qrid, speed, music, agent }) => ({
        url:
          path`/ultraStartConfig/${device}/${qrid}/${speed}/${music}` +
          (agent ? `?agent=${encodeURIComponent(agent)}` : ''),
        responseHandler: 'text',
      }),
    }),
  }),
});

export const { useGetUltraLastQuery } = ultraApi;
