import { api } from '../../api/apiSlice';
import { apiErrorCode, isTransient } from '../../api/apiError';

/**
 * Whether a failed telling is worth sending again later: no answer, a server that asked to wait, or a refusal of an
 * agent the server replaced in the same reply (docs/api.md#the-visitors-agent-given-by-the-server: the next try
 * goes under the new one).
 */
export function worthRetrying(error: unknown): boolean {
  return isTransient(error) || apiErrorCode(error) === 'agent_not_vouched';
}

/**
 * A collect told to the server, apart from the collect screen's other calls (collectApi.ts): the offline queue's
 * chunk needs this one alone, and the screens that share collectApi.ts keep sharing no more than before.
 */
export const collectedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/coletado: a photo collected without a page load, told to the server, which does what the collect
     * page's serving does (the delivery to a subscribed guest, the party's count, the presence grant); a repeat
     * changes nothing. Under the browser's own agent (its cookie) and the media cookie, as the page.
     */
    tellCollected: build.mutation<string, string>({
      query: (url) => ({ url: '/coletado', method: 'POST', body: { url }, responseHandler: 'text' }),
    }),
  }),
});
