/**
 * Renders a route to HTML at build time (scripts/build.ts), so that the landing page is
 * meaningful before any script runs; the browser then hydrates it (src/main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { appRoutes } from './app/routes';
import { makeStore } from './app/store';

export async function renderRoute(url: string): Promise<string> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender of ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Provider store={makeStore()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Provider>,
  );
}
