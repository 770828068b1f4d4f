import { act } from '@testing-library/react';
import { startPwa } from '../../../../src/app/pwa/startPwa';
import { PAUSE_MS } from '../../../../src/app/pwa/visitorPause';
import { makeStore } from '../../../../src/app/store';
import { fakeIdentity } from '../../../support/fakeIdentity';

const register = jest.fn(async () => ({ waiting: null, installing: null, addEventListener: () => undefined }));

beforeEach(() => {
  jest.useFakeTimers();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: null, register, addEventListener: () => undefined },
  });
});
afterEach(() => {
  jest.useRealTimers();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  document.getElementById('pwa-status')?.remove();
});

it(`registers the service worker (whose install downloads every screen) only once the guest pauses, not while they tap \
and scroll`, async () => {
  const store = makeStore({ identity: fakeIdentity() });
  act(() => startPwa(store, { registerWorker: true }));
  for (let i = 0; i < 4; i += 1) {
    jest.advanceTimersByTime(PAUSE_MS / 2);
    window.dispatchEvent(new Event(i % 2 === 0 ? 'pointerdown' : 'scroll'));
  }
  expect(register).not.toHaveBeenCalled();
  jest.advanceTimersByTime(PAUSE_MS);
  expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
});
