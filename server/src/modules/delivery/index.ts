/**
 * Photos delivered to guests by WhatsApp or e-mail: the owner's switch, cap and figures; the
 * guests' subscriptions under their consent, and their stop; what is sent to whom (collects,
 * uploads that land, faces found), batched into messages sent once by jobs through the
 * transports (transports/, chosen by configuration); the privacy page's list, erasure and sweep.
 */
export { deliveryOwnerRoutes } from './http/deliveryOwnerRoutes';
export { deliveryRoutes } from './http/deliveryRoutes';
export { recordDeliveryStatus, type ProviderStatus } from './messageStatus';
export { facesFound, noteCollect, photoLanded } from './deliveryPhotos';
export { eraseDeliveriesOf, purgeExpiredDeliveries } from './deliveryPrivacy';
export { deliveryKeys, type DeliveryKeys } from './deliveryTokens';
export { deliveryGivenUpJob, deliveryQueues, type DeliveryTransports } from './jobs/deliveryJobs';
export type { DeliveryTransport, OutgoingMessage, SendResult } from './transports/transport';
