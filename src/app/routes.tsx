import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { BOOTH_MODES } from '../api/wire';
import LandingPage from '../features/landing/LandingPage';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { ROUTES } from './routePaths';

// The landing page ships in the entry chunk; every other screen is its own chunk, so that a
// guest opening a collect link never downloads the shop, and the landing none of the heavy SDKs.
const EventsListPage = lazy(() => import(/* webpackChunkName: "route-eventos" */ '../features/events/EventsListPage'));
const EventPage = lazy(() => import(/* webpackChunkName: "route-evento" */ '../features/events/EventPage'));
const BoothGalleryPage = lazy(() => import(/* webpackChunkName: "route-evento-galeria" */ '../features/events/BoothGalleryPage'));
const NuloPage = lazy(() => import(/* webpackChunkName: "route-evento-nulo" */ '../features/events/NuloPage'));
const PacksPage = lazy(() => import(/* webpackChunkName: "route-packs" */ '../features/packs/PacksPage'));
const CollectPage = lazy(() => import(/* webpackChunkName: "route-collect" */ '../features/collect/CollectPage'));
const DeviceLastPage = lazy(() => import(/* webpackChunkName: "route-deviceLast" */ '../features/collect/DeviceLastPage'));
const CollectionPage = lazy(() => import(/* webpackChunkName: "route-collection" */ '../features/collection/CollectionPage'));
const MirrorPage = lazy(() => import(/* webpackChunkName: "route-espelho" */ '../features/mirror/MirrorPage'));
const LoginPage = lazy(() => import(/* webpackChunkName: "route-login" */ '../features/auth/LoginPage'));
const SignupPage = lazy(() => import(/* webpackChunkName: "route-signup" */ '../features/auth/SignupPage'));
const AccountPage = lazy(() => import(/* webpackChunkName: "route-account" */ '../features/account/AccountPage'));
const FacePage = lazy(() => import(/* webpackChunkName: "route-face" */ '../features/face/FacePage'));
const UltraLastPage = lazy(() => import(/* webpackChunkName: "route-ultraLast" */ '../features/ultra/UltraLastPage'));
const UltraSettingsPage = lazy(() => import(/* webpackChunkName: "route-ultraQR" */ '../features/ultra/UltraSettingsPage'));
const ShopPage = lazy(() => import(/* webpackChunkName: "route-shop" */ '../features/shop/ShopPage'));
const CheckoutPage = lazy(() => import(/* webpackChunkName: "route-checkout" */ '../features/checkout/CheckoutPage'));
const PartnerPage = lazy(() => import(/* webpackChunkName: "route-partner" */ '../features/partner/PartnerPage'));
const DealsPage = lazy(() => import(/* webpackChunkName: "route-deals" */ '../features/partner/DealsPage'));
const CreateContractPage = lazy(() => import(/* webpackChunkName: "route-createContract" */ '../features/team/CreateContractPage'));
const AuthorizePartnerPage = lazy(() => import(/* webpackChunkName: "route-authorizePartner" */ '../features/team/AuthorizePartnerPage'));
const InvitationPage = lazy(() => import(/* webpackChunkName: "route-invitation" */ '../features/partner/InvitationPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "route-notFound" */ './NotFoundPage'));

const boothRoutes: RouteObject[] = BOOTH_MODES.map((mode) => ({
  path: mode,
  handle: { mode },
  element: mode === 'nulo' ? <NuloPage /> : <BoothGalleryPage />,
}));

export const appRoutes: RouteObject[] = [
  {
    path: ROUTES.home,
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
