import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import { deliveryOfferChanged } from '../delivery';
import type { CollectFoundReply, FaceSearchReply } from '../../../contract/wire';

/** Whose face, and where to look: the events as one comma-separated list (a stable cache key). */
export interface FaceSearchArgs {
  agent: string;
  events: string;
}

/**
 * A selfie searched with consent (or deleted) changes whether 'Receber minhas fotos' may offer the photos the face is
 * found in: the offer is asked again once the server has answered.
 */
async function askDeliveryAgain(
  _args: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
): Promise<void> {
  try {
    await queryFulfilled;
    dispatch(deliveryOfferChanged());
  } catch {
    // Nothing changed on the server.
  }
}

/**
 * The face screen's calls: the selfie sent, the search again, 'Pegar todas', 'Não me mostre', 'Apagar minhas fotos'.
 */
export const faceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Sends the selfie (a data URL) of the visitor: the server keeps its descriptor, never the image, and answers the
     * photos found.
     */
    uploadFace: build.mutation<FaceSearchReply, FaceSearchArgs & { image: string }>({
      query: ({ agent, image, events }) => ({
        url: path`/uploadFace/${agent}`,
        method: 'POST',
        // Sent only from past the consent: the server refuses a capture without it.
        body: { poligram: image, consentimento: true, eventos: events ? events.split(',') : [] },
      }),
      onQueryStarted: askDeliveryAgain,
    }),
    /** The search again with the selfie kept for the session: the photos added since come too. */
    getFaceMatches: build.query<FaceSearchReply, FaceSearchArgs>({
      query: ({ agent, events }) => ({ url: path`/fotos-do-rosto/${agent}`, params: { eventos: events } }),
      providesTags: [{ type: 'FaceMatches' }],
    }),
    /**
     * 'Pegar todas': the photos found, collected in one request; the server collects
     * those the kept selfie finds (a signed-in visitor's account too: the token goes when there is one).
     */
    collectFound: build.mutation<CollectFoundReply, { agent: string; photos: readonly string[] }>({
      query: ({ agent, photos }) => ({
        url: path`/fotos-do-rosto/${agent}/colecao`,
        method: 'POST',
        body: { fotos: photos },
      }),
      extraOptions: { auth: 'optional' },
    }),
    /**
     * 'Não me mostre': the kept selfie hides the visitor's face from others' searches, in the events searched (and
     * those searched later).
     */
    hideFace: build.mutation<string, FaceSearchArgs>({
      query: ({ agent, events }) => ({
        url: path`/rostos-ocultos/${agent}`,
        method: 'POST',
        params: { eventos: events },
        responseHandler: 'text',
      }),
      invalidatesTags: [{ type: 'FaceMatches' }],
    }),
    /** The visitor may be found again. */
    unhideFace: build.mutation<string, string>({
      query: (agent) => ({ url: path`/rostos-ocultos/${agent}`, method: 'DELETE', responseHandler: 'text' }),
      invalidatesTags: [{ type: 'FaceMatches' }],
    }),
    /** 'Apagar minhas fotos': the selfie kept for the session (and any face capture of old) is deleted. */
    deleteFaces: build.mutation<string, string>({
      query: (agent) => ({ url: path`/faces/${agent}`, method: 'DELETE', responseHandler: 'text' }),
      invalidatesTags: [{ type: 'FaceMatches' }],
      onQueryStarted: askDeliveryAgain,
    }),
  }),
});

export const { useGetFaceMatchesQuery, useHideFaceMutation, useUnhideFaceMutation } = faceApi;
