import type { LeaveContactRequest } from '../../../contract/wire';
import { contactEmail, contactName, whatsappNumber } from '../../../contract/guestContact';

/** How the guest wants the photos: one channel at a time, as the form asks. */
export type ContactChannel = 'whatsapp' | 'email';

export interface ContactFields {
  name: string;
  channel: ContactChannel;
  /** What was typed in the channel's field. */
  address: string;
  agreed: boolean;
}

/**
 * What keeps the form from being sent, in the guest's words (the server checks the same rules,
 * contract/guestContact.ts), or null when it may go.
 */
export function contactProblem(fields: ContactFields): string | null {
  if (!contactName(fields.name)) return 'Escreva seu nome.';
  const address = addressProblem(fields.channel, fields.address);
  if (address) return address;
  if (!fields.agreed) return 'Para enviar, marque "Concordo com este texto".';
  return null;
}

/** What is wrong with a WhatsApp number or an e-mail as typed, or null when the server will take it. */
export function addressProblem(channel: ContactChannel, address: string): string | null {
  if (channel === 'whatsapp' && !whatsappNumber(address)) {
    return 'Confira o WhatsApp: um celular do Brasil com DDD, como (11) 98765-4321.';
  }
  if (channel === 'email' && !contactEmail(address)) return 'Confira o e-mail, como nome@exemplo.com.';
  return null;
}

/** The request the server takes: the channel's field alone, and the hash of the text agreed to. */
export function contactRequest(fields: ContactFields, consent: string): LeaveContactRequest {
  const address = fields.address.trim();
  return fields.channel === 'whatsapp'
    ? { name: fields.name.trim(), whatsapp: address, consent }
    : { name: fields.name.trim(), email: address, consent };
}
