/**
 * A static Pix BR Code (the EMV "copia e cola" payload) for one amount and one order id, as the
 * Banco Central's Manual de Padrões para Iniciação do Pix describes it. The server's alone: the
 * sandbox answers it as a Pix payment's code without Mercado Pago credentials, and the order keeps
 * it; the SPA only shows the code it is given (QR code and copy button).
 */

export interface PixCharge {
  /** The receiver's Pix key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** In reais; two decimals are written. */
  amount: number;
  /** The transaction id: up to 25 letters and digits. */
  txid: string;
}

function field(id: string, value: string): string {
  const length = value.length;
  if (length > 99) throw new Error(`Pix field ${id} is longer than 99 characters`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Upper-case ASCII without accents, as the payload's name and city fields require. */
function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .trim()
    .toUpperCase()
    .slice(0, max);
}

/** CRC16-CCITT (polynomial 0x1021, initial value 0xFFFF), as four upper-case hex digits. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i += 1) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
      crc &= 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function pixBrCode(charge: PixCharge): string {
  if (!(charge.amount > 0) || !Number.isFinite(charge.amount)) throw new Error('Pix amount must be positive');
  const txid = charge.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const payload =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', charge.key.trim())) +
    field('52', '0000') +
    field('53', '986') +
    field('54', charge.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', pixText(charge.merchantName, 25) || 'RECEBEDOR') +
    field('60', pixText(charge.merchantCity, 15) || 'BRASIL') +
    field('62', field('05', txid)) +
    '6304';
  return payload + crc16(payload);
}

/** Checks a payload's CRC (for tests and for pasting back). */
export function isValidBrCode(code: string): boolean {
  return code.length > 8 && crc16(code.slice(0, -4)) === code.slice(-4);
}
