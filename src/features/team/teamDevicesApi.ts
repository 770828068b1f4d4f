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
