import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { MirrorMode, MirrorPrompt, MirrorReply } from '../../../contract/wire';

/** The mirror booth a QR code points at, and the visitor standing in front of it. */
export interface MirrorSession {
  dh: string;
  sh: string;
  agent: string;
}

const base = ({ dh, sh, agent }: MirrorSession) => path`/espelho/${dh}/${sh}/${agent}`;

export const mirrorApi = api.injectEndpoints({
  endpoints: (build) => ({
    mirrorStart: build.mutation<MirrorReply, MirrorSession>({
      query: (session) => ({ url: `${base(session)}/start/0`, responseHandler: 'text' }),
    }),
    mirrorSetMode: build.mutation<MirrorReply, MirrorSession & { mode: string }>({
      query: ({ mode, ...session }) => ({ url: base(session) + path`/mode/${mode}`, responseHandler: 'text' }),
    }),
    mirrorSendPrompt: build.mutation<MirrorReply, MirrorSession & { prompt: string }>({
      query: ({ prompt, ...session }) => ({ url: base(session) + path`/prompt/${prompt}`, responseHandler: 'text' }),
    }),
    mirrorRestart: build.mutation<MirrorReply, MirrorSession>({
      query: (session) => ({ url: `${base(session)}/restart/0`, responseHandler: 'text' }),
    }),
    /** `no_image` while the mirror works, then the image URL; polled by the session screen. */
    mirrorLastImage: build.query<string, MirrorSession>({
      query: (session) => ({ url: `${base(session)}/get_last_image/0`, responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
    mirrorModes: build.query<MirrorMode[], MirrorSession>({
      query: (session) => `${base(session)}/get_modes/0`,
      providesTags: ['Mirror'],
    }),
    mirrorPrompts: build.query<MirrorPrompt[], MirrorSession & { mode: string }>({
      query: ({ mode, ...session }) => base(session) + path`/get_prompts/${mode}`,
      providesTags: ['Mirror'],
    }),
  }),
});

export const { useMirrorLastImageQuery, useMirrorModesQuery, useMirrorPromptsQuery } = mirrorApi;
