import { http, HttpResponse } from 'msw';
import { eventsApi } from '../../../../src/features/events/eventsApi';
import { API, network } from '../../../support/network';
import { makeStore } from '../../../../src/app/store';

it("reads a booth list's version from its ETag, as the live stream says it", async () => {
  network.use(
    http.get(`${API}/all/festa_ana/pad`, () =>
      HttpResponse.json({ product: ['/media/festa_ana/pad/a.jpg'] }, { headers: { ETag: 'W/"g1-1-7-7"' } }),
    ),
    http.get(`${API}/all/festa_ana/feed`, () =>
      HttpResponse.json({ product: [] }, { headers: { ETag: '"outra-coisa"' } }),
    ),
  );
  const store = makeStore();
  const pad = await store.dispatch(eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa_ana', type: 'pad' }));
  expect(pad.data).toEqual({ product: ['/media/festa_ana/pad/a.jpg'], version: '1-7-7' });
  // An ETag of another shape says no version: the page then asks again at every news.
  const feed = await store.dispatch(
    eventsApi.endpoints.getBoothMedia.initiate({ eventName: 'festa_ana', type: 'feed' }),
  );
  expect(feed.data).toEqual({ product: [], version: null });
});
