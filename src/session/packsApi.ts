import { api, LIST } from '../api/apiSlice';
import { listSegment, path } from '../lib/urlPath';
import type { Pack, parsePackReply } from '../../contract/packReply';

type PackReplyParser = typeof parsePackReply;

function loadPackReplyParser(): Promise<PackReplyParser | null> {
  return import(/* webpackChunkName: "pack-reply" */ '../../contract/packReply').then(
    (module) => module.parsePackReply,
    () => null,
  );
}

export const packsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The packs the server knows among `hashes`, each with its remaining copies. */
    /** The server takes 20 hashes a call: a longer list is asked in chunks, its answers joined in order. */
    validatePacks: build.query<Pack[], readonly string[]>({
      async queryFn(hashes, _api, _extra, baseQuery) {
        // The reply's parser (and the JSON5 reader under it, ~9 KB gzip) loads while the first
        // request is out: the landing page does not carry it.
        const parser = loadPackReplyParser();
        const packs: Pack[] = [];
        for (const chunk of packChunks(hashes)) {
          const result = await baseQuery(path`/validatePacks/${listSegment(chunk)}`);
          if (result.error) return { error: result.error };
          const parsePackReply = await parser;
          if (!parsePackReply) return { error: { status: 'FETCH_ERROR', error: 'pack reply parser did not load' } };
          const parsed = parsePackReply(result.data);
          if (parsed.problems.length > 0) console.warn('validatePacks: skipped entries', parsed.problems);
          packs.push(...parsed.packs);
        }
        return { data: packs };
      },
      providesTags: (packs) => [
        { type: 'Pack', id: LIST },
        ...(packs ?? []).map((pack) => ({ type: 'Pack' as const, id: pack.hash })),
      ],
    }),
  }),
});

export const { useValidatePacksQuery } = packsApi;

/** How many hashes the server's validatePacks takes a call. */
const VALIDATE_PACKS_CHUNK = 20;

/** `hashes` in chunks the server takes (one chunk, the same list, for 20 or fewer). */
function packChunks(hashes: readonly string[]): (readonly string[])[] {
  const chunks: (readonly string[])[] = [];
  for (let start = 0; start < hashes.length; start += VALIDATE_PACKS_CHUNK)
    chunks.push(hashes.slice(start, start + VALIDATE_PACKS_CHUNK));
  return chunks.length > 0 ? chunks : [hashes];
}

/** A pack link's hash: what the packs screen accepts from its `pack` query. */
export const PACK_LINK = /^[A-Za-z0-9_-]{1,64}$/;

/** The packs the packs screen asks about: the visitor's, and the one its link names. */
export function packsToValidate(hashes: readonly string[], linked: string | null): readonly string[] {
  return linked !== null && !hashes.includes(linked) ? [...hashes, linked] : hashes;
}
