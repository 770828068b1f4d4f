import {
  afterFirstFrame,
  afterPhoto,
  scriptList,
  type LoadingPhoto,
  type PhotoFirstClock,
} from '../../../../contract/firstPaint/photoFirst';

/** A photo whose load, error and paint the test decides. */
function fakePhoto(state: { complete: boolean; naturalWidth: number }) {
  const listeners: Record<string, () => void> = {};
  const photo: LoadingPhoto = {
    ...state,
    src: 'http://localhost/media/festa/pad/a.jpg',
    addEventListener: (type, listener) => {
      listeners[type] = listener;
    },
  };
  return { photo, fire: (type: 'load' | 'error') => listeners[type]?.() };
}

function fakeClock() {
  const timers: Array<{ ms: number; callback: () => void }> = [];
  const shown: Array<() => void> = [];
  const clock: PhotoFirstClock = {
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    whenShown: (_photo, callback) => shown.push(callback),
  };
  return {
    clock,
    timers,
    paint: () => shown.forEach((callback) => callback()),
    timeOut: () => timers.forEach(({ callback }) => callback()),
  };
}

describe('afterPhoto', () => {
  it('starts at once when the page has no photo, or its photo failed before the loader ran', () => {
    for (const photo of [null, fakePhoto({ complete: true, naturalWidth: 0 }).photo]) {
      const start = jest.fn();
      const { clock, timers } = fakeClock();
      afterPhoto(photo, start, clock, 3000);
      expect(start).toHaveBeenCalledTimes(1);
      expect(timers).toHaveLength(0);
    }
  });

  it('waits for a loading photo to be shown, not merely loaded, then starts once', () => {
    const { photo, fire } = fakePhoto({ complete: false, naturalWidth: 0 });
    const { clock, paint, timeOut } = fakeClock();
    const start = jest.fn();
    afterPhoto(photo, start, clock, 3000);
    expect(start).not.toHaveBeenCalled();
    fire('load');
    expect(start).not.toHaveBeenCalled();
    paint();
    expect(start).toHaveBeenCalledTimes(1);
    timeOut();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for a photo that arrived before the loader ran to be shown too', () => {
    const { photo } = fakePhoto({ complete: true, naturalWidth: 900 });
    const { clock, paint } = fakeClock();
    const start = jest.fn();
    afterPhoto(photo, start, clock, 3000);
    expect(start).not.toHaveBeenCalled();
    paint();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when the photo fails, without waiting for the timer', () => {
    const { photo, fire } = fakePhoto({ complete: false, naturalWidth: 0 });
    const { clock, timeOut } = fakeClock();
    const start = jest.fn();
    afterPhoto(photo, start, clock, 3000);
    fire('error');
    expect(start).toHaveBeenCalledTimes(1);
    timeOut();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the wait when the photo takes too long, and never again', () => {
    const { photo, fire } = fakePhoto({ complete: false, naturalWidth: 0 });
    const { clock, timers, paint, timeOut } = fakeClock();
    const start = jest.fn();
    afterPhoto(photo, start, clock, 2500);
    expect(timers.map(({ ms }) => ms)).toEqual([2500]);
    timeOut();
    expect(start).toHaveBeenCalledTimes(1);
    fire('load');
    paint();
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('scriptList', () => {
  it("reads the site's own script paths in order and nothing else", () => {
    expect(scriptList(' /assets/runtime.js  /assets/693.js\n/assets/main.js ')).toEqual([
      '/assets/runtime.js',
      '/assets/693.js',
      '/assets/main.js',
    ]);
    expect(scriptList('https://evil.example/x.js //evil.example/y.js javascript:alert(1) /assets/main.js')).toEqual([
      '/assets/main.js',
    ]);
    expect(scriptList(undefined)).toEqual([]);
    expect(scriptList(null)).toEqual([]);
  });
});

describe('afterFirstFrame (the events list drawn by the server)', () => {
  it('starts once the first frame is painted, once, and not before', () => {
    const frames: Array<() => void> = [];
    const { clock, timeOut } = fakeClock();
    const start = jest.fn();
    afterFirstFrame(start, (callback) => frames.push(callback), clock.setTimer, 3000);
    expect(start).not.toHaveBeenCalled();
    frames.forEach((callback) => callback());
    timeOut();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the wait when no frame is painted (a tab in the background)', () => {
    const { clock, timers, timeOut } = fakeClock();
    const start = jest.fn();
    afterFirstFrame(start, () => undefined, clock.setTimer, 3000);
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    timeOut();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
