import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';

export const faceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sends a webcam capture (a data URL) for the named visitor. */
    uploadFace: build.mutation<string, { name: string; image: string }>({
      query: ({ name, image }) => ({
        url: path`/uploadFace/${name}`,
        method: 'POST',
        body: { poligram: image },
        responseHandler: 'text',
      }),
    }),
    /** Deletes every face capture kept under this visitor's agent. */
    deleteFaces: build.mutation<string, string>({
      query: (agent) => ({ url: path`/faces/${agent}`, method: 'DELETE', responseHandler: 'text' }),
    }),
  }),
});
