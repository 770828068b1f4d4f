import {
  apiCacheOf,
  DISPLAY_BOUND,
  fitsBound,
  MEDIA_BOUND,
  OFFLINE_CACHES,
  offlineRouteOf,
  pageRouteOf,
  readableFetchInit,
  sharedMediaCacheable,
} from '../../../src/lib/offlineCaches';
import { DEVICE_PATHS } from '../../../contract/devicePaths';

const ORIGIN = 'https://cabine.example';
const route = (method: string, path: string, origin = ORIGIN) => offlineRouteOf(method, new URL(path, origin), ORIGIN);
const page = (path: string, origin = ORIGIN) => pageRouteOf(new URL(path, origin), ORIGIN);

describe('how the service worker answers a navigation', () => {
  it("answers every page with the shell, whatever its query ends in, an opened item's '.jpg' too", () => {
    for (const path of [
      '/collection?item=%2Fmedia%2Ffesta_ana%2Fpad%2Ff1.jpg',
      '/eventos/evento/pad?id=festa-ana-1&item=/media/festa_ana/pad/f1.jpg',
      '/eventos',
      '/deviceLast?bname=festa_ana&device=cam1',
      '/packs?pack=PACK5',
    ]) {
      expect([path, page(path)]).toEqual([path, 'shell']);
    }
  });

  it(`asks the network first for a collect link, whose page carries its photo and its collect, the shell without \
one`, () => {
    expect(page('/collect?id=/media/festa_ana/pad/abc.jpg')).toBe('networkThenShell');
    expect(page('/collect?id=%2Fmedia%2Ffesta_ana%2F360%2Fv1.mp4')).toBe('networkThenShell');
  });

  it(`leaves files and the server's own paths to the network and their caches: a photo opened in its own tab is no \
page`, () => {
    for (const path of [
      '/media/festa_ana/pad/f1.jpg',
      '/display/festa_ana/pad/f1.jpg.webp',
      '/assets/main.js',
      '/api/account',
      '/catalogo/x.png',
      '/sw.js',
      '/icons/icon-192.png',
    ]) {
      expect([path, page(path)]).toEqual([path, null]);
    }
    expect(page('/collect?id=/media/festa_ana/pad/abc.jpg', 'https://other.example')).toBeNull();
  });
});

describe('what the service worker keeps for offline use', () => {
  it('keeps thumbnails, display renditions and collected media as they are seen, each in its own cache', () => {
    expect(route('GET', '/thumbs/festa_ana/pad/f1.jpg.webp')).toBe('thumbs');
    expect(route('GET', '/display/festa_ana/pad/f1.jpg.webp')).toBe('display');
    expect(route('GET', '/media/festa_ana/pad/f1.jpg')).toBe('media');
    expect(new Set(Object.values(OFFLINE_CACHES)).size).toBe(Object.values(OFFLINE_CACHES).length);
  });

  it('bounds the renditions kept: a couple of hundred, each well under a megabyte', () => {
    expect(DISPLAY_BOUND.maxEntries).toBeLessThanOrEqual(200);
    expect(DISPLAY_BOUND.maxEntries * DISPLAY_BOUND.maxEntryBytes).toBeLessThanOrEqual(200 * 1024 * 1024);
    expect(DISPLAY_BOUND.maxAgeSeconds).toBeGreaterThan(0);
  });

  it("keeps the replies a guest needs offline: the account, the events they attended, a booth's gallery", () => {
    expect(route('GET', '/api/account')).toBe('api');
    expect(route('GET', '/api/eventos/festa_ana,casamento/0123456789abcdef')).toBe('api');
    expect(route('GET', '/api/all/festa_ana/pad')).toBe('api');
  });

  it('never keeps what changes something, nor payment, partner, team or device routes', () => {
    for (const [method, path] of [
      ['POST', '/api/all/festa_ana/pad'],
      ['PUT', '/media/festa_ana/pad/f1.jpg'],
      ['POST', '/display/festa_ana/pad/f1.jpg.webp'],
      ['GET', '/api/print/PACKDEMO5/festa_ana,pad,f1.jpg'],
      ['GET', '/api/validatePacks/PACKDEMO5'],
      ['GET', '/api/modifyAccount/add/collection/x'],
      ['GET', '/api/evento/abc'],
      ['GET', '/api/shop/CUPOM/agent'],
      ['GET', '/api/deals/parceiro'],
      ['GET', '/api/contracts/parceiro'],
      ['GET', '/api/check_team'],
      ['GET', '/api/team_orders'],
      ['GET', '/api/team/devices'],
      ['GET', DEVICE_PATHS.printJobs],
      ['GET', '/api/accounts'],
      ['GET', '/api/eventos'],
    ]) {
      expect([method, path, route(method, path)]).toEqual([method, path, null]);
    }
  });

  it("keeps nothing from another origin (another site's media or an API elsewhere)", () => {
    expect(route('GET', '/media/festa_ana/pad/f1.jpg', 'https://cdn.example')).toBeNull();
    expect(route('GET', '/display/festa_ana/pad/f1.jpg.webp', 'https://cdn.example')).toBeNull();
    expect(route('GET', '/api/account', 'https://api.example')).toBeNull();
  });

  it("puts a reply read with the user's token in the cache emptied at logout", () => {
    expect(apiCacheOf(new Headers({ idToken: 'token' }))).toBe(OFFLINE_CACHES.userApi);
    expect(apiCacheOf(new Headers({ IDTOKEN: 'token' }))).toBe(OFFLINE_CACHES.userApi);
    expect(apiCacheOf(new Headers())).toBe(OFFLINE_CACHES.publicApi);
  });

  it('keeps a reply only within the per-entry size bound', () => {
    expect(fitsBound(String(MEDIA_BOUND.maxEntryBytes), MEDIA_BOUND)).toBe(true);
    expect(fitsBound(String(MEDIA_BOUND.maxEntryBytes + 1), MEDIA_BOUND)).toBe(false);
    expect(fitsBound('abc', MEDIA_BOUND)).toBe(false);
    expect(fitsBound('-1', MEDIA_BOUND)).toBe(false);
    expect(fitsBound(null, MEDIA_BOUND)).toBe(true);
  });
});

describe('readableFetchInit', () => {
  it(`asks for a page's picture in CORS mode, without cookies beyond our own origin, so that the CDN's copy can be \
read and kept`, () => {
    expect(readableFetchInit('no-cors', false)).toEqual({ mode: 'cors', credentials: 'same-origin' });
  });

  it("leaves alone what is readable already, a navigation's photo, and a video's ranged read", () => {
    expect(readableFetchInit('cors', false)).toBeNull();
    expect(readableFetchInit('same-origin', false)).toBeNull();
    expect(readableFetchInit('navigate', false)).toBeNull();
    expect(readableFetchInit('no-cors', true)).toBeNull();
  });
});

describe('sharedMediaCacheable', () => {
  it("keeps a public event's files and never a gated one's", () => {
    expect(sharedMediaCacheable('public, max-age=31536000, immutable')).toBe(true);
    expect(sharedMediaCacheable(null)).toBe(true);
    expect(sharedMediaCacheable('private, no-cache')).toBe(false);
    expect(sharedMediaCacheable('no-cache, Private')).toBe(false);
    expect(sharedMediaCacheable('private=set-cookie')).toBe(false);
  });
});
