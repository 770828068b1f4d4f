import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type {
  ContractPayload,
  InvitationPayload,
  MessageReply,
  PartnerNameReply,
  TeamReply,
} from '../../../contract/wire';

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `ok` for a team member, anything else for everybody else. */
    checkTeam: build.query<TeamReply, void>({
      query: () => ({ url: '/check_team', responseHandler: 'text' }),
      extraOptions: { auth: 'required' },
      providesTags: ['Team'],
    }),
    createContract: build.mutation<MessageReply, ContractPayload>({
      query: (contract) => ({ url: '/create_contract', method: 'POST', body: contract }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { partner }) => [{ type: 'Contracts', id: partner }],
    }),
    checkPartnerName: build.query<PartnerNameReply, string>({
      query: (name) => ({ url: path`/check_bname_partner/${name}`, responseHandler: 'text' }),
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, name) => [{ type: 'PartnerName', id: name }],
      keepUnusedDataFor: 0,
    }),
    /** Reserves a partner name under an invitation hash. */
    authorizeHash: build.mutation<string, InvitationPayload>({
      query: ({ partnerName, hash }) => ({
        url: '/authorize_hash',
        method: 'POST',
        body: { partnerName, hash },
        responseHandler: 'text',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { partnerName }) => [{ type: 'PartnerName', id: partnerName }],
    }),
  }),
});

export const { useCheckTeamQuery } = teamApi;
