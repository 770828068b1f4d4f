import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import { randomString, URL_SAFE } from '../../../contract/randomId';
import type { PrintReply, PrintStatusReply } from '../../../contract/wire';

export interface PrintArgs {
  packHash: string;
  /** The media URL (or file name) to print; sent as one encoded path segment. */
  printId: string;
  /** This tap's own id (beyond the spec): a replay of it spends no second copy. */
  request?: string;
}

/** A new print request id: 22 URL-safe characters (132 bits); the prefix says what it names in logs. */
export function newPrintRequestId(): string {
  return `p_${randomString(22, URL_SAFE)}`;
}

export const printApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spends one copy of the pack and queues the print (a GET in the contract, a change here). */
    printCopy: build.mutation<PrintReply, PrintArgs>({
      query: ({ packHash, printId, request }) => {
        const url = path`/print/${packHash}/${printId}`;
        return request ? `${url}?request=${encodeURIComponent(request)}` : url;
      },
      invalidatesTags: (_result, _error, { packHash }) => [{ type: 'Pack', id: packHash }],
    }),
    /** Where the job of one print request stands, and its pack's copies left (beyond the spec). */
    getPrintStatus: build.query<PrintStatusReply, { packHash: string; requestId: string }>({
      query: ({ packHash, requestId }) => path`/printStatus/${packHash}/${requestId}`,
    }),
  }),
});

export const { useGetPrintStatusQuery } = printApi;

export const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/compartilhado: this phone shared the photo (a share happens in the phone alone), for its event's
     * 'A festa em números'; counted once per visitor and photo, so a retry changes nothing.
     */
    tellShared: build.mutation<'ok', string>({
      query: (url) => ({ url: '/compartilhado', method: 'POST', body: { url } }),
    }),
  }),
});

export const { useTellSharedMutation } = shareApi;
