import { Suspense } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { AccountPage } from '../features/account';
import { LoginPage, SignupPage } from '../features/auth';
import { CheckoutPage } from '../features/checkout';
import { CollectPage, DeviceLastPage } from '../features/collect';
import { CollectionPage } from '../features/collection';
import { StopDeliveryPage } from '../features/delivery';
import { BoothGalleryPage, EventPage, EventsListPage, NuloPage } from '../features/events';
import { FacePage } from '../features/face';
import { HelpPage } from '../features/help';
import { LandingPage } from '../features/landing';
import { MirrorPage } from '../features/mirror';
import { PacksPage } from '../features/packs';
import { PrivacyPage } from '../features/privacy';
import { DealsPage, InvitationPage, PartnerPage } from '../features/partner';
import { ShopPage } from '../features/shop';
import { AuthorizePartnerPage, CreateContractPage } from '../features/team';
import { UltraLastPage, UltraSettingsPage } from '../features/ultra';
import { WallPage } from '../features/wall';
import { DELIVERY_STOP_PATH } from '../../contract/delivery';
import { BOOTH_MODES } from '../../contract/modes';
import { ROUTES } from '../../contract/routePaths';
import { Layout } from './Layout';
import { NotFoundPage } from './lazyPages';
import { RouteErrorBoundary } from './RouteError';

// The landing page ships in the entry chunk; every other screen is its own chunk (each feature's
// index.ts declares its screens lazily), so that a guest opening a collect link never downloads
// the shop, and the landing page none of the heavy SDKs.
const boothRoutes: RouteObject[] = BOOTH_MODES.map((mode) => ({
  path: mode,
  element: mode === 'nulo' ? <NuloPage /> : <BoothGalleryPage />,
}));

export const appRoutes: RouteObject[] = [
  // The wall fills a TV's screen: no menu, no sign-in prompt of the site's frame.
  {
    path: ROUTES.wall,
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <WallPage />
        </Suspense>
      </RouteErrorBoundary>
    ),
  },
  {
    path: ROUTES.home,
    element: (
      <RouteErrorBoundary>
        <Layout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A failing screen leaves the menu in place.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <LandingPage /> },
          { path: ROUTES.events, element: <EventsListPage /> },
          { path: ROUTES.event, element: <EventPage />, children: boothRoutes },
          { path: ROUTES.packs, element: <PacksPage /> },
          { path: ROUTES.collect, element: <CollectPage /> },
          { path: ROUTES.deviceLast, element: <DeviceLastPage /> },
          { path: ROUTES.collection, element: <CollectionPage /> },
          { path: ROUTES.mirror, element: <MirrorPage /> },
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.signup, element: <SignupPage /> },
          { path: ROUTES.account, element: <AccountPage /> },
          { path: ROUTES.face, element: <FacePage /> },
          { path: ROUTES.ultraLast, element: <UltraLastPage /> },
          { path: ROUTES.ultraQR, element: <UltraSettingsPage /> },
          { path: ROUTES.shop, element: <ShopPage /> },
          { path: ROUTES.checkout, element: <CheckoutPage /> },
          { path: ROUTES.partner, element: <PartnerPage /> },
          { path: ROUTES.deals, element: <DealsPage /> },
          { path: ROUTES.createContract, element: <CreateContractPage /> },
          { path: ROUTES.authorizePartner, element: <AuthorizePartnerPage /> },
          { path: ROUTES.invitation, element: <InvitationPage /> },
          { path: ROUTES.privacy, element: <PrivacyPage /> },
          { path: ROUTES.help, element: <HelpPage /> },
          // A message's 'Parar de receber' (the server writes its links with the same path).
          { path: `${DELIVERY_STOP_PATH}/:token`, element: <StopDeliveryPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The routes under the declarative router (BrowserRouter in main.tsx, StaticRouter in
 * prerender.tsx): the data router's loaders and actions are unused here, and it would add 16 KB
 * gzip to what the landing page loads before it is interactive.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
