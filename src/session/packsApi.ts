import { api, LIST } from '../api/apiSlice';
import { listSegment, path } from '../api/paths';
import { parsePackReply, type Pack } from '../lib/packReply';

export const packsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The packs the server knows among `hashes`, each with its remaining copies. */
    validatePacks: build.query<Pack[], readonly string[]>({
      query: (hashes) => path`/validatePacks/${listSegment(hashes)}`,
      transformResponse: (reply: unknown) => {
        const { packs, problems } = parsePackReply(reply);
        if (problems.length > 0) console.warn('validatePacks: skipped entries', problems);
        return packs;
      },
      providesTags: (packs) => [
        { type: 'Pack', id: LIST },
        ...(packs ?? []).map((pack) => ({ type: 'Pack' as const, id: pack.hash })),
      ],
    }),
  }),
});

export const { useValidatePacksQuery } = packsApi;

/** A pack link's hash: what the packs screen accepts from its `pack` query. */
export const PACK_LINK = /^[A-Za-z0-9_-]{1,64}$/;

/** The packs the packs screen asks about: the visitor's, and the one its link names. */
export function packsToValidate(hashes: readonly string[], linked: string | null): readonly string[] {
  return linked !== null && !hashes.includes(linked) ? [...hashes, linked] : hashes;
}
