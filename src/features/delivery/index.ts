import { lazy } from 'react';

/** A guest's photos delivered by WhatsApp or e-mail (docs/product.md#photos-delivered). */
/** 'Receber minhas fotos', for the collect, face and pack pages. */
export { DeliveryOffer } from './DeliveryOffer';
export { deliveryOfferChanged } from './deliveryApi';
/**
 * A message's 'Parar de receber' link (`/parar/{token}`): no login. It ships in the privacy page's chunk, the other
 * page about what is kept of a guest: a chunk of its own would add its name and hash to the runtime every first visit
 * to the landing page downloads (its budget, test/scripts/bundle.test.ts).
 */
export const StopDeliveryPage = lazy(() => import(/* webpackChunkName: "route-privacy" */ './StopPage'));
/** A message's 'Suas fotos' link (`/privacidade?fotos={token}`): the guest's own photos, no login. */
export { GuestCollection } from './GuestCollection';
/** The owner's (and the team's) switch, cap and figures, for the dashboard. */
export { EventDelivery } from './EventDelivery';
/** The same figures, for 'A festa em números'. */
export { deliveryFigureCards } from './deliveryFigures';
/** The privacy page's subscriptions and messages sent, and their erasure. */
export { MyDeliveries } from './MyDeliveries';
