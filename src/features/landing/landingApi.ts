import { api } from '../../api/apiSlice';
import type { ContactLead } from '../../../contract/wire';

export const landingApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitLead: build.mutation<string, ContactLead>({
      query: (lead) => ({ url: '/landingForm', method: 'POST', body: lead, responseHandler: 'text' }),
    }),
  }),
});
