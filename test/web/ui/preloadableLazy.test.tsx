import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadableLazy } from '../../../src/ui/preloadableLazy';

function Hello({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

function deferredModule() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const load = jest.fn(
    () =>
      new Promise<{ default: typeof Hello }>((ok, fail) => {
        resolve = () => ok({ default: Hello });
        reject = fail;
      }),
  );
  return { load, resolve: () => resolve(), reject: (error: Error) => reject(error) };
}

const page = (Screen: ReturnType<typeof preloadableLazy<{ name: string }>>['Screen']) => (
  <Suspense fallback={<p>Carregando...</p>}>
    <Screen name="Ana" />
  </Suspense>
);

describe('preloadableLazy', () => {
  it('draws the screen at once, without a fallback, when its code was asked for ahead', async () => {
    const module = deferredModule();
    const { Screen, preload } = preloadableLazy(module.load);
    const ready = preload();
    module.resolve();
    await ready;
    render(page(Screen));
    expect(screen.getByText('Olá, Ana')).toBeTruthy();
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it('is an ordinary lazy screen otherwise: the fallback, then the screen', async () => {
    const module = deferredModule();
    const { Screen } = preloadableLazy(module.load);
    render(page(Screen));
    expect(screen.getByText('Carregando...')).toBeTruthy();
    await act(async () => module.resolve());
    expect(await screen.findByText('Olá, Ana')).toBeTruthy();
  });

  it('asks for its code once however often it is preloaded, and again after a failure', async () => {
    const module = deferredModule();
    const { preload } = preloadableLazy(module.load);
    const first = preload();
    expect(preload()).toBe(first);
    module.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = preload();
    expect(second).not.toBe(first);
    expect(module.load).toHaveBeenCalledTimes(2);
    module.resolve();
    await expect(second).resolves.toEqual({ default: Hello });
  });
});
