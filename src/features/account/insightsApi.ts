import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { EventNumbersReply } from '../../../contract/wire';

/**
 * 'A festa em números' (docs/product.md#the-party-in-numbers): the event's figures and their CSV, for its owner and
 * the team.
 */
export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/events/{bname}/numeros: the figures as they stand now (asked again during the party). */
    getEventNumbers: build.query<EventNumbersReply, string>({
      query: (eventName) => path`/events/${eventName}/numeros`,
      extraOptions: { auth: 'required' },
      keepUnusedDataFor: 0,
    }),
    /** GET /api/events/{bname}/numeros/csv: the same as a spreadsheet's file, its text as the server wrote it. */
    getEventNumbersCsv: build.query<string, string>({
      query: (eventName) => ({ url: path`/events/${eventName}/numeros/csv`, responseHandler: 'text' }),
      extraOptions: { auth: 'required' },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetEventNumbersQuery, useLazyGetEventNumbersCsvQuery } = insightsApi;
