// /app/spike: a test page with only an html input (spec 1 lists it among the children of /app).
import { everyone } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const spikeArea: Area = {
  sections: [{ path: 'spike', access: everyone }],
  screens: [{ path: 'spike', page: lazyPage(() => import('./spike-page'), 'SpikePage') }],
};
