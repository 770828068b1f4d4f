import type { WhatsAppSettings } from '../../../platform/configDelivery';
import { oneLine, safeLink } from './emailContent';
import { CALLBACK_DATA_LENGTH } from './whatsAppNotifications';
import type { OutgoingMessage } from './transport';

/**
 * The WhatsApp Business Cloud API's template message for a guest's photos
 * (`POST /{version}/{phone-number-id}/messages`, docs/operations.md#the-whatsapp-templates). A business may start
 * a conversation only with a template Meta approved; both are of category utility, with positional body parameters:
 *
 * - photos (`WHATSAPP_TEMPLATE`): an image header (the first photo, by link), then {{1}} the guest's name,
 *   {{2}} how many photos, {{3}} the event's title, {{4}} the link to open them, {{5}} the link to stop;
 * - the event's end (`WHATSAPP_TEMPLATE_EVENT_END`): no header, then {{1}} the name, {{2}} the event's title,
 *   {{3}} the link to the guest's own photos, {{4}} the gallery's link, {{5}} the link to stop.
 */

interface TextParameter {
  type: 'text';
  text: string;
}

export interface TemplateComponent {
  type: 'header' | 'body';
  parameters: Array<TextParameter | { type: 'image'; image: { link: string } }>;
}

export interface TemplateMessageRequest {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  /** The number in international form, digits only. */
  to: string;
  type: 'template';
  template: { name: string; language: { code: string }; components: TemplateComponent[] };
  /**
   * Comes back in each status notification of this message (Meta's limit: 512 characters): our idempotency key, by
   * which the notification settles a message whose server died before it could mark it.
   */
  biz_opaque_callback_data?: string;
}

/** Meta's limit for one body parameter; longer is refused. */
const PARAMETER_LENGTH = 1000;

/**
 * A body parameter as Meta takes it: no new lines, tabs or runs of more than four spaces (refused with 132018),
 * and never empty (refused as a missing parameter).
 */
export function parameterText(text: string, fallback: string): TextParameter {
  const clean = oneLine(text).slice(0, PARAMETER_LENGTH);
  return { type: 'text', text: clean || fallback };
}

const photoCount = (count: number) => (count === 1 ? 'uma foto nova' : `${count} fotos novas`);

export class UnsendableMessage extends Error {}

/** The request for one message, or UnsendableMessage when it holds nothing a template can carry. */
export function templateRequest(
  message: OutgoingMessage,
  templates: WhatsAppSettings['templates'],
): TemplateMessageRequest {
  const to = message.to.replace(/^\+/, '');
  if (!/^\d{8,15}$/.test(to)) throw new UnsendableMessage(`número de WhatsApp inválido (${message.to})`);
  const stop = safeLink(message.stopUrl);
  if (!stop) throw new UnsendableMessage('mensagem sem link para parar de receber');
  const name = parameterText(message.guestName ?? '', 'convidado');
  const title = parameterText(message.eventTitle, 'a festa');
  const base = {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    to,
    type: 'template' as const,
    // Whole or not at all: a cut key would settle no message (the status webhook finds a message by it).
    ...(message.idempotencyKey.length <= CALLBACK_DATA_LENGTH
      ? { biz_opaque_callback_data: message.idempotencyKey }
      : {}),
  };
  const language = { code: templates.language };
  if (message.kind === 'event_end') {
    const link = message.collectionUrl ? safeLink(message.collectionUrl) : null;
    if (!link) throw new UnsendableMessage('mensagem de fim de festa sem link para as fotos');
    // Without a gallery's link the guest's photos stand for both: the template has its parameter either way.
    const gallery = (message.galleryUrl ? safeLink(message.galleryUrl) : null) ?? link;
    const body = [name, title, parameterText(link, link), parameterText(gallery, gallery), parameterText(stop, stop)];
    return {
      ...base,
      template: { name: templates.eventEnd, language, components: [{ type: 'body', parameters: body }] },
    };
  }
  const photos = message.photos.flatMap((photo) => {
    const imageUrl = safeLink(photo.imageUrl);
    const pageUrl = safeLink(photo.pageUrl);
    return imageUrl && pageUrl ? [{ imageUrl, pageUrl }] : [];
  });
  if (photos.length === 0) throw new UnsendableMessage('mensagem de fotos sem nenhuma foto');
  // One photo opens in the gallery; several open the guest's collection when there is a link to it.
  const link =
    (photos.length > 1 && message.collectionUrl ? safeLink(message.collectionUrl) : null) ?? photos[0].pageUrl;
  const body = [
    name,
    parameterText(photoCount(photos.length), 'fotos novas'),
    title,
    parameterText(link, link),
    parameterText(stop, stop),
  ];
  const header: TemplateComponent = {
    type: 'header',
    parameters: [{ type: 'image', image: { link: photos[0].imageUrl } }],
  };
  return {
    ...base,
    template: { name: templates.photos, language, components: [header, { type: 'body', parameters: body }] },
  };
}
