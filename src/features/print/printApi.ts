import { api } from '../../api/apiSlice';
import { path } from '../../api/paths';
import type { PrintReply, PrintStatusReply } from '../../../contract/wire';

export interface PrintArgs {
  packHash: string;
  /** The media URL (or file name) to print; sent as one encoded path segment. */
  printId: string;
  /** This tap's own id (beyond the spec): a replay of it spends no second copy. */
  request?: string;
}

/** A new print request id: 22 URL-safe characters from the browser's random source (128 bits). */
export function newPrintRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (const byte of bytes) id += alphabet[byte & 63];
  // 16 characters of 6 bits: 96 bits; a prefix keeps the server's 16-character minimum obvious.
  return `p_${id}`;
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

export const { usePrintCopyMutation, useGetPrintStatusQuery } = printApi;
