import { api, LIST } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type { DeviceKeyReply, TeamDevice } from '../../../contract/wire';

/** The team's devices, and a new key for one (team only; the key is shown once). */
export const teamDevicesApi = api.enhanceEndpoints({ addTagTypes: ['TeamDevices'] }).injectEndpoints({
  endpoints: (build) => ({
    loadTeamDevices: build.query<TeamDevice[], void>({
      query: () => '/team/devices',
      extraOptions: { auth: 'required' },
      providesTags: [{ type: 'TeamDevices', id: LIST }],
    }),
    makeDeviceKey: build.mutation<DeviceKeyReply, { id: string }>({
      query: ({ id }) => ({ url: path`/team/devices/${id}/key`, method: 'POST' }),
      extraOptions: { auth: 'required' },
      invalidatesTags: [{ type: 'TeamDevices', id: LIST }],
    }),
  }),
});

export const { useLoadTeamDevicesQuery, useMakeDeviceKeyMutation } = teamDevicesApi;

/**
 * The list asked again this often while it is open, as the owner's dashboard asks for its
 * printers: a printer that stops reaches the team within seconds, without a reload.
 */
export const TEAM_DEVICES_LIVE = {
  pollingInterval: 5_000,
  skipPollingIfUnfocused: true,
  refetchOnFocus: true,
} as const;
