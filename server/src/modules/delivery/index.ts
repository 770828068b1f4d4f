/**
 * Photos delivered to guests by WhatsApp or e-mail: the owner's switch, cap and figures; the
 * guests' subscriptions under their consent, and their stop; what is sent to whom (collects,
 * uploads that land, faces found), batched into messages sent once by jobs through the
 * transports (transports/: SMTP, the WhatsApp Business Cloud API, chosen by the configuration),
 * and the WhatsApp webhook that says what became of each message; the privacy page's list,
 * erasure and sweep.
 */
export { deliveryOwnerRoutes } from './http/deliveryOwnerRoutes';
export { deliveryRoutes } from './http/deliveryRoutes';
export { whatsAppWebhookRoutes } from './http/whatsAppWebhookRoutes';
export { recordDeliveryStatus, type ProviderStatus } from './messageStatus';
export { facesFound, noteCollect, photoLanded } from './deliveryPhotos';
export { eraseDeliveriesOf, purgeExpiredDeliveries } from './deliveryPrivacy';
export { deliveryKeys, type DeliveryKeys } from './deliveryTokens';
export { deliveryGivenUpJob, deliveryQueues } from './jobs/deliveryJobs';
export { closeTransports, configuredTransports, type DeliveryTransports } from './transports/configuredTransports';
export type { DeliveryTransport, OutgoingMessage, SendResult } from './transports/transport';
