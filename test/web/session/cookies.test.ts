import { browserCookieJar } from '../../../src/session/cookieJar';
import { readPersistedState } from '../../../src/session/persistence';
import { makeStore } from '../../../src/app/store';
import { orderLinked, pendingOrderRecorded } from '../../../src/session/authSlice';
import { itemCollected } from '../../../src/session/collectionSlice';
import { accountListsAdopted, collectLinkOpened } from '../../../src/session/sessionActions';
import { packAdded } from '../../../src/session/packsSlice';
import { agentAssigned, eventVisited } from '../../../src/session/visitorSlice';
import { addToList, COOKIE_VALUE_BUDGET, encodeList, parseList } from '../../../contract/cookieLists';
import { sessionOf } from '../../support/session';

function cookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

function storeFromCookies() {
  return makeStore({ preloadedState: readPersistedState(browserCookieJar), cookies: browserCookieJar });
}

describe('reading the cookies into the initial state', () => {
  it('reads the comma-separated lists and the scalars', () => {
    document.cookie = `collection=${encodeURIComponent('/media/f/pad/1.jpg,/media/f/pad/2.jpg')}; path=/`;
    document.cookie = 'packs=H1%2CH2; path=/';
    document.cookie = 'events=festa_ana; path=/';
    document.cookie = 'bname=festa_ana; path=/';
    document.cookie = 'agent=abc123def456; path=/';
    document.cookie = 'loginRequired=true; path=/';
    document.cookie = 'transaction=123456789; path=/';
    document.cookie = `transactionClaim=${'k'.repeat(22)}; path=/`;
    const state = storeFromCookies().getState();
    expect(sessionOf(state).collection).toEqual(['/media/f/pad/1.jpg', '/media/f/pad/2.jpg']);
    expect(sessionOf(state).packs).toEqual(['H1', 'H2']);
    expect(sessionOf(state)).toMatchObject({ agent: 'abc123def456', events: ['festa_ana'], eventName: 'festa_ana' });
    expect(sessionOf(state).loginRequired).toBe(true);
    expect(sessionOf(state).pendingTransaction).toBe('123456789');
    expect(sessionOf(state).pendingClaim).toBe('k'.repeat(22));
  });

  it('survives malformed values: bad encoding, empty entries, junk agent', () => {
    document.cookie = 'collection=%E0%A4%A; path=/';
    document.cookie = 'packs=,,H1,%20,H1,; path=/';
    document.cookie = 'agent=<script>; path=/';
    document.cookie = 'loginRequired=maybe; path=/';
    const state = storeFromCookies().getState();
    expect(sessionOf(state).collection).toEqual([]);
    expect(sessionOf(state).packs).toEqual(['H1']);
    expect(sessionOf(state).agent).toBe('');
    expect(sessionOf(state).loginRequired).toBe(false);
  });

  it('bounds an oversized list and drops entries that are too long', () => {
    const huge = Array.from({ length: 9000 }, (_, i) => `p${i}`).join(',');
    expect(parseList(huge)).toHaveLength(5000);
    expect(parseList(`ok,${'x'.repeat(600)}`)).toEqual(['ok']);
  });
});

describe('writing the cookies back', () => {
  it('mirrors the lists when they change, comma-separated, with the spec attributes', () => {
    const writes: string[] = [];
    const setter = jest.spyOn(Document.prototype, 'cookie', 'set');
    setter.mockImplementation(function (this: Document, value: string) {
      writes.push(value);
    });
    try {
      const store = storeFromCookies();
      store.dispatch(itemCollected('/media/f/pad/1.jpg'));
      const written = writes.find((w) => w.startsWith('collection='));
      expect(written).toBeDefined();
      expect(written).toMatch(/; path=\//);
      expect(written).toMatch(/; max-age=34000000/);
      expect(written).toMatch(/; sameSite=Lax/i);
    } finally {
      setter.mockRestore();
    }
  });

  it('writes lists, scalars and flags, and removes what was cleared', () => {
    const store = storeFromCookies();
    store.dispatch(itemCollected('/media/f/pad/1.jpg'));
    store.dispatch(itemCollected('/media/f/pad/2.jpg'));
    store.dispatch(packAdded('H1'));
    store.dispatch(eventVisited('festa_ana'));
    store.dispatch(agentAssigned('abc123def456'));
    store.dispatch(pendingOrderRecorded({ orderId: '987654321', claim: 'k'.repeat(22), loginRequired: true }));
    expect(cookie('collection')).toBe('/media/f/pad/1.jpg,/media/f/pad/2.jpg');
    expect(cookie('packs')).toBe('H1');
    expect(cookie('events')).toBe('festa_ana');
    expect(cookie('bname')).toBe('festa_ana');
    expect(cookie('agent')).toBe('abc123def456');
    expect(cookie('loginRequired')).toBe('true');
    expect(cookie('transaction')).toBe('987654321');
    expect(cookie('transactionClaim')).toBe('k'.repeat(22));

    store.dispatch(orderLinked());
    store.dispatch(accountListsAdopted({ collection: [], packs: ['H1'], events: ['festa_ana'] }));
    expect(cookie('loginRequired')).toBeUndefined();
    expect(cookie('transaction')).toBeUndefined();
    expect(cookie('transactionClaim')).toBeUndefined();
    expect(cookie('collection')).toBeUndefined();
  });

  it('does not write a cookie whose state did not change', () => {
    const store = storeFromCookies();
    store.dispatch(packAdded('H1'));
    document.cookie = 'packs=tampered; path=/';
    store.dispatch(itemCollected('/media/f/pad/1.jpg'));
    expect(cookie('packs')).toBe('tampered');
  });

  it('keeps the newest entries when the list outgrows a cookie', () => {
    const store = storeFromCookies();
    const items = Array.from(
      { length: 200 },
      (_, i) => `/media/casamento_ana_e_joao/polaroid/IMG_${String(i).padStart(4, '0')}.jpg`,
    );
    store.dispatch(accountListsAdopted({ collection: items, packs: [], events: [] }));
    const written = cookie('collection') ?? '';
    expect(encodeURIComponent(written).length).toBeLessThanOrEqual(COOKIE_VALUE_BUDGET);
    const kept = written.split(',');
    expect(kept.length).toBeGreaterThan(30);
    expect(kept[kept.length - 1]).toBe(items[199]);
    expect(items.slice(-kept.length)).toEqual(kept);
    // The state itself keeps all of them.
    expect(sessionOf(store.getState()).collection).toHaveLength(200);
  });
});

describe('a collection longer than a cookie holds', () => {
  afterEach(() => localStorage.clear());

  it('collects 200 items and finds 200 on the next visit', () => {
    const first = makeStore({
      preloadedState: readPersistedState(browserCookieJar, localStorage),
      cookies: browserCookieJar,
      storage: localStorage,
    });
    const items = Array.from(
      { length: 200 },
      (_, i) => `/media/casamento_ana_e_joao/polaroid/IMG_${String(i).padStart(4, '0')}.jpg`,
    );
    for (const item of items) first.dispatch(itemCollected(item));
    expect((cookie('collection') ?? '').split(',').length).toBeLessThan(200);

    const next = makeStore({
      preloadedState: readPersistedState(browserCookieJar, localStorage),
      cookies: browserCookieJar,
      storage: localStorage,
    });
    expect(sessionOf(next.getState()).collection).toEqual(items);
  });

  it('merges what only the cookie knows (collected in another build) after what storage knows', () => {
    localStorage.setItem('collection', JSON.stringify(['/media/f/pad/1.jpg']));
    document.cookie = `collection=${encodeURIComponent('/media/f/pad/1.jpg,/media/f/pad/2.jpg')}; path=/`;
    expect(readPersistedState(browserCookieJar, localStorage).collection.items).toEqual([
      '/media/f/pad/1.jpg',
      '/media/f/pad/2.jpg',
    ]);
  });

  it(`keeps whole what the collect pages put in the cookie before the app ran \
(server/src/modules/firstPaint/http/collectOnServe.ts)`, () => {
    const earlier = Array.from(
      { length: 100 },
      (_, i) => `/media/casamento_ana_e_joao/pad/ANTES_${String(i).padStart(4, '0')}.jpg`,
    );
    localStorage.setItem('collection', JSON.stringify(earlier));
    // More than a cookie holds (about 60 such paths).
    const opened = Array.from(
      { length: 80 },
      (_, i) => `/media/casamento_ana_e_joao/polaroid/IMG_${String(i).padStart(4, '0')}.jpg`,
    );
    for (const url of opened) {
      // The page arrives with the photo already in the cookie, as the server serves it...
      document.cookie =
        `collection=` +
        `${encodeURIComponent(encodeList(addToList(parseList(cookie('collection')), url)))}` +
        `; path=/`;
      // ...then the app starts and collects it too: the item is there once, and storage keeps it
      // before the cookie, which holds only the newest, lets it go.
      const store = makeStore({
        preloadedState: readPersistedState(browserCookieJar, localStorage),
        cookies: browserCookieJar,
        storage: localStorage,
      });
      store.dispatch(collectLinkOpened({ url, eventName: 'casamento_ana_e_joao' }));
    }
    const next = makeStore({
      preloadedState: readPersistedState(browserCookieJar, localStorage),
      cookies: browserCookieJar,
      storage: localStorage,
    });
    expect(sessionOf(next.getState()).collection).toEqual([...earlier, ...opened]);
  });

  it('ignores a corrupt stored list', () => {
    localStorage.setItem('collection', '{not json');
    document.cookie = 'collection=%2Fmedia%2Ff%2Fpad%2F1.jpg; path=/';
    expect(readPersistedState(browserCookieJar, localStorage).collection.items).toEqual(['/media/f/pad/1.jpg']);
    localStorage.setItem('collection', JSON.stringify({ a: 1 }));
    expect(readPersistedState(browserCookieJar, localStorage).collection.items).toEqual(['/media/f/pad/1.jpg']);
  });
});
