/**
 * A visitor collecting a photo: what a collect does on the server (the delivery to a subscribed guest, the party's
 * count, the presence grant), one function for the collect page's serving and for `POST /coletado`, the collects the
 * SPA makes without a page load.
 */
export { collectRoutes } from './http/collectRoutes';
export { collectForVisitor, type CollectOutcome, type CollectServices } from './http/visitorCollect';
