import { api } from '../../api/apiSlice';
import { path } from '../../api/paths';
import type { ProductList } from '../../api/wire';

export interface DeviceLastArgs {
  bname: string;
  device: string;
}

export const collectApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The last media a booth took; `product` is empty when it has none yet. */
    getDeviceLast: build.query<ProductList, DeviceLastArgs>({
      query: ({ bname, device }) => path`/deviceLast/${bname}/${device}`,
      providesTags: (_result, _error, { bname, device }) => [{ type: 'DeviceLast', id: `${bname}/${device}` }],
    }),
  }),
});

export const { useGetDeviceLastQuery } = collectApi;
