import type { DeliveredMessage } from '../../../contract/wire';
import { formatWhatsapp } from '../../../contract/guestContact';
import { formatMoment } from '../../lib/dates';

const STATUS: Record<DeliveredMessage['status'], string> = {
  pending: 'aguardando envio',
  sent: 'enviada',
  delivered: 'entregue',
  failed: 'não foi entregue',
  capped: 'não enviada: o evento chegou ao limite de mensagens',
  stopped: 'não enviada: você parou de receber',
};

/** One message as the privacy page lists it: when, what it carried, how it stands (`20/09/2026, 21:05: ...`). */
export function messageText(message: DeliveredMessage): string {
  const what =
    message.kind === 'event_end'
      ? 'a mensagem do fim do evento'
      : message.photos === 1
        ? '1 foto'
        : `${message.photos.toLocaleString('pt-BR')} fotos`;
  return `${formatMoment(message.at)}: ${what}, ${STATUS[message.status]}`;
}

/** Where a subscription sends, as people read it: `WhatsApp +55 (11) 98765-4321`, `e-mail bia@exemplo.com`. */
export function addressText(channel: 'whatsapp' | 'email', address: string): string {
  if (channel === 'email') return `e-mail ${address}`;
  return `WhatsApp ${/^\+55\d{11}$/.test(address) ? formatWhatsapp(address) : address}`;
}
