import { act } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { removeWhenAppRenders } from '../../../src/firstPaint/shellRemoval';

/**
 * The events list's empty state the server draws over the top of `/eventos` before the app runs
 * (server/src/modules/firstPaint/http/eventsListShell.ts) goes with the app's first render into its root, whatever
 * screen that is (the list, a redirect to /account, an error): never left over another page.
 */
let copy: HTMLElement;
let root: HTMLElement;
let app: Root | null = null;

const copies = () => document.querySelectorAll('[data-events-shell]');
// A mutation observer's callback runs as a microtask, before the browser paints.
const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  copy = document.createElement('div');
  copy.setAttribute('data-events-shell', '');
  copy.textContent = 'Nenhum evento encontrado';
  root = document.createElement('div');
  root.id = 'root';
  document.body.append(copy, root);
});

afterEach(() => {
  act(() => app?.unmount());
  app = null;
  copy.remove();
  root.remove();
});

it('stays while the app has drawn nothing, so the words stay on the screen until then', async () => {
  removeWhenAppRenders(root, copies);
  await microtasks();
  expect(copy.isConnected).toBe(true);
});

it(`goes with the app's first render, whatever screen it is (here the account page a waiting order leads \
to)`, async () => {
  removeWhenAppRenders(root, copies);
  app = createRoot(root);
  act(() => app?.render(<h1>Conta</h1>));
  await microtasks();
  expect(root).toHaveTextContent('Conta');
  expect(copy.isConnected).toBe(false);
});

it('is nothing without a root', () => {
  expect(() => removeWhenAppRenders(null, copies)).not.toThrow();
  expect(copy.isConnected).toBe(true);
});
