import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from '../../src/app/routes';
import { makeStore, type RootState, type StoreOptions } from '../../src/app/store';

export interface RenderAppOptions extends StoreOptions {
  preloadedState?: Partial<RootState>;
}

/** Renders the whole app (routes, layout, store) at `url`, as a visitor opening that link. */
export function renderApp(url: string, options: RenderAppOptions = {}) {
  const store = makeStore(options);
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, user };
}
