import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { ErasureReply, ErasureRequest, PrivacySummary } from '../../../contract/wire';

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /privacy/data/{agent}`: what the server keeps of this device (and of the account, when
     * signed in); asked again when who is signed in changes (the session's identity refetch).
     */
    getPrivacySummary: build.query<PrivacySummary, { agent: string }>({
      query: ({ agent }) => path`/privacy/data/${agent}`,
      extraOptions: { auth: 'optional' },
      providesTags: ['Privacy'],
    }),
    /** `POST /privacy/erase`: 'Apagar minhas fotos' on the server. */
    eraseMyData: build.mutation<ErasureReply, ErasureRequest>({
      query: (body) => ({ url: '/privacy/erase', method: 'POST', body }),
      extraOptions: { auth: 'optional' },
      // The account's lists and everything shown from them are read again (now empty).
      invalidatesTags: ['Privacy', 'Account'],
    }),
  }),
});

export const { useGetPrivacySummaryQuery } = privacyApi;
