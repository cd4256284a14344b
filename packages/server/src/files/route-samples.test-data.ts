// Route matrix samples of the uploaded images.
import { BOUNDARY, multipartImage, type RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/files/image': {
    build: () => ({
      url: 'files/image',
      payload: multipartImage(),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }),
  },
  'GET /api/files/:name': { build: () => ({ url: 'files/0123456789abcdef.png' }), alsoOk: [404] },
};
