import {
  boothMediaPath,
  earlyPlan,
  EARLY_THUMBS,
  firstThumbnails,
  visitedEventsPath,
} from '../../../src/firstPaint/earlyRequests';
import { firstScreenChunks, firstScreenOf } from '../../../contract/firstPaint/firstScreens';
import { signedInByRecord, IDENTITY_HINT_KEY, type KeyStore } from '../../../src/lib/identityRecord';

const AGENT = 'a1b2c3d4e5f6g7h8i9j0';

/** history.state as react-router leaves it after a navigation with state. */
const navigated = (usr: unknown) => ({ usr, key: 'k1', idx: 2 });

describe('earlyPlan', () => {
  it('asks for the booths and the list of a gallery whose navigation named only the event (the collect screen)', () => {
    const plan = earlyPlan({
      pathname: '/eventos/evento/pad',
      historyState: navigated({ bname: 'festa_ana' }),
      agent: AGENT,
    });
    expect(plan.calls).toEqual([`/eventos/festa_ana/${AGENT}`, '/all/festa_ana/pad']);
    expect(plan.gallery).toBe('/all/festa_ana/pad');
  });

  it('asks only for the list when the navigation carried the booths (the events list)', () => {
    const plan = earlyPlan({
      pathname: '/eventos/evento/360/',
      historyState: navigated({ bname: 'festa', devices: ['360'] }),
      agent: AGENT,
    });
    expect(plan.calls).toEqual(['/all/festa/360']);
  });

  it('drops commas from the name as the event page does, and asks as "anonimo" without an agent', () => {
    const plan = earlyPlan({
      pathname: '/eventos/evento/feed',
      historyState: navigated({ bname: 'fe,sta' }),
      agent: 'not an agent',
    });
    expect(plan.calls).toEqual(['/eventos/festa/anonimo', '/all/festa/feed']);
  });

  it('asks for nothing anywhere else, or without a usable event', () => {
    const state = navigated({ bname: 'festa' });
    for (const pathname of [
      '/',
      '/collect',
      '/eventos',
      '/eventos/evento',
      '/eventos/evento/nulo',
      '/eventos/evento/selfie',
      '/eventos/evento/pad/x',
    ]) {
      expect(earlyPlan({ pathname, historyState: state, agent: AGENT }).calls).toEqual([]);
    }
    for (const historyState of [
      null,
      undefined,
      'x',
      { usr: null },
      navigated({}),
      navigated({ bname: 3 }),
      navigated({ bname: '../x' }),
      navigated({ bname: '' }),
    ]) {
      expect(earlyPlan({ pathname: '/eventos/evento/pad', historyState, agent: AGENT }).calls).toEqual([]);
    }
  });

  it('writes the same paths as the app (one encoded segment per value)', () => {
    expect(boothMediaPath('festa', '360')).toBe('/all/festa/360');
    expect(visitedEventsPath(['a', 'b'], AGENT)).toBe(`/eventos/a%2Cb/${AGENT}`);
    expect(visitedEventsPath([], 'x/y')).toBe('/eventos/-/x%2Fy');
  });
});

describe('firstThumbnails', () => {
  it('names the thumbnails of the first tiles, newest first as the gallery draws them', () => {
    const product = [
      '/media/f/pad/1.jpg',
      '/media/f/pad/2.jpg',
      '/media/f/pad/3.gif',
      '/media/f/pad/4.mp4',
      '/media/f/pad/5.jpg',
    ];
    expect(firstThumbnails({ product })).toEqual([
      '/thumbs/f/pad/5.jpg.webp',
      '/thumbs/f/pad/4.mp4.webp',
      '/thumbs/f/pad/3.gif.webp',
    ]);
    expect(firstThumbnails({ product }, 1)).toEqual(['/thumbs/f/pad/5.jpg.webp']);
    expect(firstThumbnails({ product }).length).toBe(EARLY_THUMBS);
  });

  it("skips what is not one of this site's media, and reads nothing from what is not a list", () => {
    expect(firstThumbnails({ product: ['/media/f/pad/1.jpg', 'javascript:alert(1)', 7, '/media/../x/y.jpg'] })).toEqual(
      ['/thumbs/f/pad/1.jpg.webp'],
    );
    for (const reply of [null, 'x', [], {}, { product: 'x' }, { error: 'not_found' }])
      expect(firstThumbnails(reply)).toEqual([]);
  });
});

describe('firstScreens', () => {
  it('names each first screen and the code it draws with', () => {
    expect(firstScreenOf('/collect')).toBe('collect');
    expect(firstScreenOf('/collection/')).toBe('collection');
    expect(firstScreenOf('/eventos')).toBe('events');
    expect(firstScreenOf('/eventos/evento/pad')).toBe('event');
    expect(firstScreenOf('/')).toBeNull();
    expect(firstScreenOf('/eventosx')).toBeNull();
    expect(firstScreenChunks('/eventos/evento/pad')).toEqual(['route-evento', 'route-evento-galeria']);
    expect(firstScreenChunks('/eventos/evento/nulo')).toEqual(['route-evento', 'route-evento-nulo']);
    expect(firstScreenChunks('/eventos/evento')).toEqual(['route-evento']);
    expect(firstScreenChunks('/eventos/evento/zzz')).toEqual(['route-evento']);
    expect(firstScreenChunks('/collect')).toEqual(['route-collect']);
    expect(firstScreenChunks('/shop')).toEqual([]);
  });
});

describe('signedInByRecord', () => {
  const store = (entries: Record<string, string>): KeyStore => ({
    length: Object.keys(entries).length,
    key: (index) => Object.keys(entries)[index] ?? null,
    getItem: (key) => entries[key] ?? null,
  });

  it("follows the app's record of the service's last answer first", () => {
    expect(signedInByRecord(store({ [IDENTITY_HINT_KEY]: '0', 'firebase:authUser:k:[DEFAULT]': '{}' }), null)).toBe(
      false,
    );
    expect(signedInByRecord(store({ [IDENTITY_HINT_KEY]: '1' }), null)).toBe(true);
  });

  it("then the SDK's keys in either storage; else it cannot tell", () => {
    expect(signedInByRecord(store({}), store({ 'firebase:authUser:k:[DEFAULT]': '{}' }))).toBe(true);
    expect(signedInByRecord(store({ other: '1' }), store({}))).toBeNull();
    expect(signedInByRecord(null, null)).toBeNull();
  });

  it('says someone may be when storage throws', () => {
    const broken: KeyStore = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(signedInByRecord(broken, null)).toBe(true);
  });
});
