import { api, LIST } from '../../api/apiSlice';
import { listSegment, path } from '../../api/paths';
import { parsePackReply, type Pack } from '../../lib/packReply';

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
