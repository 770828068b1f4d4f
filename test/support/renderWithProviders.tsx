import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { appRoutes } from '../../src/app/routes';
import { makeStore, type StoreOptions } from '../../src/app/store';
import type { RootState } from '../../src/session';
import { fakeIdentity } from './fakeIdentity';

export interface RenderAppOptions extends StoreOptions {
  preloadedState?: Partial<RootState>;
}

/**
 * Renders the whole app (routes, layout, store) at `entry`, as a visitor opening that link.
 * The identity service is a fake with nobody signed in, unless the options bring another.
 */
export function renderApp(entry: InitialEntry, options: RenderAppOptions = {}) {
  const store = makeStore({ identity: fakeIdentity(), ...options });
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, user };
}
