import type { CollectFoundReply, GuestCollectionReply } from '../../../contract/wire';
import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';

/**
 * The guest's own photos page (`/privacidade?fotos={token}`, docs/api.md#photos-delivered): the signed token of their
 * messages' 'Suas fotos' link stands for their subscription, no login. Its own file, so that only that page ships it.
 */
export const guestCollectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The photos sent (or on their way) to the guest, the event and its gallery. */
    getGuestCollection: build.query<GuestCollectionReply, string>({
      query: (token) => path`/entregas/colecao/${token}`,
    }),
    /** 'Adicionar à minha coleção': the server collects them for this browser (its signed agent) and counts them. */
    collectGuestCollection: build.mutation<CollectFoundReply, string>({
      query: (token) => ({ url: path`/entregas/colecao/${token}`, method: 'POST' }),
      extraOptions: { auth: 'optional' },
    }),
  }),
});

export const { useGetGuestCollectionQuery } = guestCollectionApi;
