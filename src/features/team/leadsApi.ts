import { api } from '../../api/apiSlice';
import type { StoredLead } from '../../../contract/wire';

export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<StoredLead[], void>({
      query: () => '/leads',
      extraOptions: { auth: 'required' },
      providesTags: ['Leads'],
    }),
  }),
});

export const { useGetLeadsQuery } = leadsApi;
