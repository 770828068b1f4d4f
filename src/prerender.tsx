/**
 * Renders a route to HTML at build time (scripts/build.ts), so that the landing page is
 * meaningful before any script runs; the browser then hydrates it (src/main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/routes';
import { makeStore } from './app/store';

export function renderRoute(url: string): Promise<string> {
  return Promise.resolve(
    renderToString(
      <Provider store={makeStore()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Provider>,
    ),
  );
}
