import { cleanTitle } from '../../../../../contract/eventTitle';
import type { OutgoingMessage } from './transport';

/**
 * What a guest reads in an e-mail of their photos (docs/product.md): the subject, a plain-text part and an HTML part
 * saying the same, in Portuguese. The photos go as links (short-lived ones to the image, lasting ones to the
 * gallery): no attachment, no remote image that a mail client would fetch on opening and find expired later.
 */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Text that goes into a header or a line: no control characters (no new line), spaces collapsed. */
export const oneLine = (text: string): string => cleanTitle(text);

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) links are written into a message: anything else would be a script or nothing at all. */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The subject, for the photos the message links to (`count`, those with working links). */
export function emailSubject(message: OutgoingMessage, count: number): string {
  const title = oneLine(message.eventTitle);
  if (message.kind === 'event_end') return `${title}: suas fotos da festa`;
  if (count === 1) return `Sua foto de ${title}`;
  return count > 1 ? `Suas ${count} fotos de ${title}` : `Suas fotos de ${title}`;
}

function greeting(message: OutgoingMessage): string {
  const name = message.guestName ? oneLine(message.guestName) : '';
  return name ? `Olá, ${name}!` : 'Olá!';
}

function lead(message: OutgoingMessage, count: number): string {
  const title = oneLine(message.eventTitle);
  if (message.kind === 'event_end') return `${title} terminou. Suas fotos continuam guardadas para você.`;
  if (count === 1) return `Chegou uma foto nova de ${title} para você.`;
  if (count > 1) return `Chegaram ${count} fotos novas de ${title} para você.`;
  return `Há fotos novas de ${title} para você.`;
}

interface Links {
  photos: { imageUrl: string; pageUrl: string }[];
  collectionUrl: string | null;
  galleryUrl: string | null;
  stopUrl: string | null;
}

function linksOf(message: OutgoingMessage): Links {
  const photos = message.photos.flatMap((photo) => {
    const imageUrl = safeLink(photo.imageUrl);
    const pageUrl = safeLink(photo.pageUrl);
    return imageUrl && pageUrl ? [{ imageUrl, pageUrl }] : [];
  });
  return {
    photos,
    collectionUrl: message.collectionUrl ? safeLink(message.collectionUrl) : null,
    galleryUrl: message.galleryUrl ? safeLink(message.galleryUrl) : null,
    stopUrl: safeLink(message.stopUrl),
  };
}

const WHY = 'Você recebe este e-mail porque pediu para receber suas fotos desta festa.';
const LINKS_EXPIRE = 'O link da imagem vale por pouco tempo; o da galeria continua funcionando.';
/** The guest's own photos, every one sent to them; the event's gallery, every photo of the party. */
const COLLECTION = 'Suas fotos (todas as que enviamos para você)';
const GALLERY = 'Galeria da festa (todas as fotos do evento)';

function textOf(message: OutgoingMessage, links: Links): string {
  const lines = [greeting(message), '', lead(message, links.photos.length), ''];
  links.photos.forEach((photo, index) => {
    const label = links.photos.length === 1 ? 'Sua foto' : `Foto ${index + 1}`;
    lines.push(`${label}: ${photo.imageUrl}`, `Abrir na galeria: ${photo.pageUrl}`, '');
  });
  if (links.photos.length > 0) lines.push(LINKS_EXPIRE, '');
  if (links.collectionUrl) lines.push(`${COLLECTION}: ${links.collectionUrl}`);
  if (links.galleryUrl) lines.push(`${GALLERY}: ${links.galleryUrl}`);
  if (links.collectionUrl || links.galleryUrl) lines.push('');
  lines.push('--', WHY);
  if (links.stopUrl) lines.push(`Parar de receber: ${links.stopUrl}`);
  return `${lines.join('\n')}\n`;
}

const anchor = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#6d28d9;font-weight:bold">${escapeHtml(label)}</a>`;

function htmlOf(message: OutgoingMessage, links: Links, subject: string): string {
  const items = links.photos.map((photo, index) => {
    const label = links.photos.length === 1 ? 'Ver a foto' : `Ver a foto ${index + 1}`;
    const both = `${anchor(photo.imageUrl, label)} · ${anchor(photo.pageUrl, 'Abrir na galeria')}`;
    return `<li style="margin:0 0 12px">${both}</li>`;
  });
  const body = [
    `<p style="font-size:18px;margin:0 0 16px">${escapeHtml(greeting(message))}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(lead(message, links.photos.length))}</p>`,
    items.length > 0 ? `<ul style="padding-left:20px;margin:0 0 16px">${items.join('')}</ul>` : '',
    items.length > 0 ? `<p style="font-size:13px;color:#555;margin:0 0 16px">${escapeHtml(LINKS_EXPIRE)}</p>` : '',
    links.collectionUrl ? `<p style="margin:0 0 12px">${anchor(links.collectionUrl, COLLECTION)}</p>` : '',
    links.galleryUrl ? `<p style="margin:0 0 24px">${anchor(links.galleryUrl, GALLERY)}</p>` : '',
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">`,
    `<p style="font-size:13px;color:#555;margin:0 0 8px">${escapeHtml(WHY)}</p>`,
    links.stopUrl ? `<p style="font-size:13px;margin:0">${anchor(links.stopUrl, 'Parar de receber')}</p>` : '',
  ];
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;` +
    `margin:0 auto;padding:16px">${body.join('')}</body></html>`
  );
}

export function emailContent(message: OutgoingMessage): EmailContent {
  const links = linksOf(message);
  const subject = emailSubject(message, links.photos.length);
  return { subject, text: textOf(message, links), html: htmlOf(message, links, subject) };
}
