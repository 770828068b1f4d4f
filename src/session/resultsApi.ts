import { api } from '../api/apiSlice';
import { path } from '../lib/urlPath';
import type { AgentResultsReply } from '../../contract/wire';

/** What the booths made for this visitor (beyond the spec, docs/api.md#beyond-the-spec). */
export const resultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /agentResults/{agent}`: the AI mirror's images and 360 videos made for the visitor, oldest first. */
    getAgentResults: build.query<AgentResultsReply, string>({
      query: (agent) => path`/agentResults/${agent}`,
    }),
  }),
});
