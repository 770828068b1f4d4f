/**
 * Reads what the mail stand-in received as a person's mail client would show it: the headers (folded lines joined,
 * encoded words decoded), the plain text and the HTML, through multipart parts and their transfer encodings
 * (quoted-printable, base64). UTF-8 only: what this server sends.
 */
export interface ParsedMail {
  /** Header names in lower case; a repeated header keeps its first value. */
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = /\r?\n\r?\n/.exec(raw.slice(at))?.[0].length ?? 2;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headersOf(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function boundaryOf(contentType: string): string | null {
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? null;
}

function walk(raw: string, found: ParsedMail): Record<string, string> {
  const { head, body } = splitHead(raw);
  const headers = headersOf(head);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.toLowerCase().startsWith('multipart/') ? boundaryOf(type) : null;
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^\r?\n/, ''), found);
    }
  } else if (type.toLowerCase().startsWith('text/html')) {
    found.html ??= decodeBody(body, headers['content-transfer-encoding']);
  } else if (type.toLowerCase().startsWith('text/plain')) {
    found.text ??= decodeBody(body, headers['content-transfer-encoding']);
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const found: ParsedMail = { headers: {}, text: null, html: null };
  found.headers = walk(raw, found);
  return found;
}
