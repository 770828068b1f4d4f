const preloads = {
  collect: jest.fn(),
  collection: jest.fn(),
  eventsList: jest.fn(),
  event: jest.fn(),
};

jest.mock('../../../src/features/collect', () => ({ preloadCollectPage: () => preloads.collect() }));
jest.mock('../../../src/features/collection', () => ({ preloadCollectionPage: () => preloads.collection() }));
jest.mock('../../../src/features/events', () => ({
  preloadEventsListPage: () => preloads.eventsList(),
  preloadEventPage: () => preloads.event(),
}));

import { firstScreenReady } from '../../../src/app/firstScreen';

beforeEach(() => {
  for (const preload of Object.values(preloads)) preload.mockReset().mockResolvedValue({});
});

describe('firstScreenReady', () => {
  it("asks for the code of the guest's screen the page opens on, and of nothing else", async () => {
    await firstScreenReady('/collect');
    await firstScreenReady('/eventos/evento/pad');
    await firstScreenReady('/eventos/');
    await firstScreenReady('/collection');
    expect(preloads.collect).toHaveBeenCalledTimes(1);
    expect(preloads.event).toHaveBeenCalledTimes(1);
    expect(preloads.eventsList).toHaveBeenCalledTimes(1);
    expect(preloads.collection).toHaveBeenCalledTimes(1);
  });

  it('leaves the other screens to render as they do (the landing page is hydrated, the shop loads its own)', () => {
    for (const pathname of ['/', '/shop', '/account', '/collectx', '/eventosx'])
      expect(firstScreenReady(pathname)).toBeNull();
    expect(Object.values(preloads).every((preload) => preload.mock.calls.length === 0)).toBe(true);
  });

  it('does not hold the first render past its wait, nor on a failure', async () => {
    jest.useFakeTimers();
    try {
      preloads.collect.mockReturnValue(new Promise(() => undefined));
      let settled = false;
      void firstScreenReady('/collect', 3000)?.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(2999);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      jest.useRealTimers();
    }
    preloads.collection.mockRejectedValue(new Error('offline'));
    await expect(firstScreenReady('/collection')).resolves.toBeUndefined();
  });
});
