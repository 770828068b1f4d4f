import { api } from '../../api/apiSlice';
import { path } from '../../api/paths';
import type { UltraLastReply } from '../../api/wire';

export interface UltraSettings {
  device: string;
  qrid: string;
  speed: number;
  music: string;
}

export const ultraApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `in_session` (text) while recording or processing, then `{ product: [videoUrl] }` (JSON). */
    getUltraLast: build.query<UltraLastReply, { device: string; bname: string }>({
      query: ({ device, bname }) => ({ url: path`/ultraLast/${device}/${bname}`, responseHandler: 'content-type' }),
      keepUnusedDataFor: 0,
    }),
    startUltraConfig: build.mutation<string, UltraSettings>({
      query: ({ device, qrid, speed, music }) => ({
        url: path`/ultraStartConfig/${device}/${qrid}/${speed}/${music}`,
        responseHandler: 'text',
      }),
    }),
  }),
});

export const { useGetUltraLastQuery, useStartUltraConfigMutation } = ultraApi;
