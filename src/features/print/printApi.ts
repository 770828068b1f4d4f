import { api } from '../../api/apiSlice';
import { path } from '../../api/paths';
import type { PrintReply } from '../../api/wire';

export interface PrintArgs {
  packHash: string;
  /** The media URL (or file name) to print; sent as one encoded path segment. */
  printId: string;
}

export const printApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spends one copy of the pack and queues the print (a GET in the contract, a change here). */
    printCopy: build.mutation<PrintReply, PrintArgs>({
      query: ({ packHash, printId }) => path`/print/${packHash}/${printId}`,
      invalidatesTags: (_result, _error, { packHash }) => [{ type: 'Pack', id: packHash }],
    }),
  }),
});

export const { usePrintCopyMutation } = printApi;
