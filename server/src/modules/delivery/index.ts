/**
 * Photos delivered to guests by e-mail and WhatsApp: the transports (transports/: SMTP, the WhatsApp Business Cloud
 * API) chosen by the configuration, and the WhatsApp webhook that says what became of each message.
 */
export { whatsAppWebhookRoutes, type RecordDeliveryStatus } from './http/whatsAppWebhookRoutes';
export { closeTransports, configuredTransports, type ChannelTransports } from './transports/configuredTransports';
export type { DeliveryTransport, OutgoingMessage, SendResult } from './transports/transport';
