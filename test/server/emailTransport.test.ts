import crypto from 'node:crypto';
import net from 'node:net';
import { emailTransport } from '../../server/src/modules/delivery/transports/emailTransport';
import type { DeliveryTransport, OutgoingMessage } from '../../server/src/modules/delivery/transports/transport';
import type { SmtpSettings } from '../../server/src/platform/configDelivery';
import { readMailbox } from '../../tools/standIns/mailStandIn';
import { parseMail, type ParsedMail } from '../../tools/standIns/mimeMessage';

/**
 * The e-mail transport against a real SMTP server: the mail stand-in the server tests' services run
 * (tools/standIns/mailStandIn.ts), read back from its folder as a mail client would read it.
 */

const FROM = 'Cabine de Eventos <fotos@cabine.example>';

function settings(port = Number(process.env.TEST_SMTP_PORT)): SmtpSettings {
  return { host: '127.0.0.1', port, tls: 'none', user: null, password: null, from: FROM };
}

const unique = () => crypto.randomBytes(5).toString('hex');

function photoMessage(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  const id = unique();
  return {
    idempotencyKey: `assinatura-${id}:foto-1`,
    channel: 'email',
    to: `convidada-${id}@exemplo.com.br`,
    guestName: 'Ana Souza',
    eventTitle: 'Aniversário da Ana',
    photos: [
      {
        imageUrl: `https://cabine.example/entregas/imagem/${id}?expira=1764400000&assinatura=abc`,
        pageUrl: 'https://cabine.example/collect?id=/media/festa_ana/pad/a1.jpg',
      },
    ],
    collectionUrl: null,
    stopUrl: `https://cabine.example/parar/token${id}token${id}`,
    kind: 'photos',
    ...overrides,
  };
}

/** What arrived for `address`, parsed. */
function mailsTo(address: string): ParsedMail[] {
  const dir = process.env.TEST_MAIL_DIR ?? '';
  return readMailbox(dir)
    .filter((mail) => mail.to.includes(address))
    .map((mail) => parseMail(mail.raw));
}

let transport: DeliveryTransport;
beforeAll(() => {
  transport = emailTransport(settings());
});
afterAll(() => transport.close());

describe('e-mail through SMTP', () => {
  it('delivers one photo as a pt-BR e-mail: HTML and text, its links, and how to stop', async () => {
    const message = photoMessage();
    const result = await transport.send(message);
    expect(result).toEqual({ ok: true, providerId: expect.stringMatching(/^<[0-9a-f]{40}\.fotos@cabine\.example>$/) });

    const [mail, ...others] = mailsTo(message.to);
    expect(others).toHaveLength(0);
    expect(mail.headers.from).toBe('Cabine de Eventos <fotos@cabine.example>');
    expect(mail.headers.to).toBe(message.to);
    expect(mail.headers.subject).toBe('Sua foto de Aniversário da Ana');
    expect(mail.headers['message-id']).toBe(result.ok ? result.providerId : '');
    // RFC 8058: a mail client's one-click unsubscribe posts to the API's stop route.
    const token = message.stopUrl.split('/').pop();
    expect(mail.headers['list-unsubscribe']).toBe(`<https://cabine.example/api/entregas/parar/${token}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    expect(mail.text).toContain('Olá, Ana Souza!');
    expect(mail.text).toContain('Chegou uma foto nova de Aniversário da Ana para você.');
    expect(mail.text).toContain(`Sua foto: ${message.photos[0].imageUrl}`);
    expect(mail.text).toContain(`Abrir na galeria: ${message.photos[0].pageUrl}`);
    expect(mail.text).toContain(`Parar de receber: ${message.stopUrl}`);

    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain(`href="${message.photos[0].imageUrl.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`href="${message.photos[0].pageUrl}"`);
    expect(mail.html).toContain(`<a href="${message.stopUrl}"`);
    expect(mail.html).toContain('Parar de receber</a>');
  });

  it("several photos: each one's links, and the guest's collection", async () => {
    const message = photoMessage({
      photos: [1, 2, 3].map((n) => ({
        imageUrl: `https://cabine.example/entregas/imagem/${n}`,
        pageUrl: `https://cabine.example/collect?id=/media/festa_ana/pad/a${n}.jpg`,
      })),
      collectionUrl: 'https://cabine.example/colecao',
      galleryUrl: 'https://cabine.example/galeria',
    });
    expect(await transport.send(message)).toMatchObject({ ok: true });
    const [mail] = mailsTo(message.to);
    expect(mail.headers.subject).toBe('Suas 3 fotos de Aniversário da Ana');
    expect(mail.text).toContain('Chegaram 3 fotos novas de Aniversário da Ana para você.');
    for (const n of [1, 2, 3]) {
      expect(mail.text).toContain(`Foto ${n}: https://cabine.example/entregas/imagem/${n}`);
      expect(mail.html).toContain(`Ver a foto ${n}</a>`);
    }
    expect(mail.text).toContain('Suas fotos (todas as que enviamos para você): https://cabine.example/colecao');
    expect(mail.text).toContain('Galeria da festa (todas as fotos do evento): https://cabine.example/galeria');
    expect(mail.html).toContain('href="https://cabine.example/colecao"');
    expect(mail.html).toContain('Galeria da festa (todas as fotos do evento)</a>');
  });

  it("the event's end: one message with the links to the guest's photos and to the gallery", async () => {
    const message = photoMessage({
      kind: 'event_end',
      photos: [],
      collectionUrl: 'https://cabine.example/colecao',
      galleryUrl: 'https://cabine.example/galeria',
    });
    expect(await transport.send(message)).toMatchObject({ ok: true });
    const [mail] = mailsTo(message.to);
    expect(mail.headers.subject).toBe('Aniversário da Ana: suas fotos da festa');
    expect(mail.text).toContain('Aniversário da Ana terminou.');
    expect(mail.text).toContain('Suas fotos (todas as que enviamos para você): https://cabine.example/colecao');
    expect(mail.text).toContain('Galeria da festa (todas as fotos do evento): https://cabine.example/galeria');
    expect(mail.html).toContain('href="https://cabine.example/galeria"');
    expect(mail.text).not.toContain('Abrir na galeria');
  });

  it('the same idempotency key always makes the same Message-ID, another key another one', async () => {
    const message = photoMessage();
    const first = await transport.send(message);
    const again = await transport.send(message);
    const other = await transport.send({ ...message, idempotencyKey: `${message.idempotencyKey}:2` });
    expect(again).toEqual(first);
    expect(other.ok && first.ok && other.providerId !== first.providerId).toBe(true);
    const ids = mailsTo(message.to).map((mail) => mail.headers['message-id']);
    expect(ids).toEqual([ids[0], ids[0], ids[2]]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("a guest's name and an event's title cannot write HTML, headers or recipients", async () => {
    const message = photoMessage({
      guestName: '<img src=x onerror=alert(1)>',
      eventTitle: 'Festa\r\nBcc: intruso@exemplo.com\r\n<script>alert(1)</script>',
      photos: [{ imageUrl: 'javascript:alert(1)', pageUrl: 'https://cabine.example/collect?id=x' }],
      collectionUrl: 'https://cabine.example/colecao',
    });
    expect(await transport.send(message)).toMatchObject({ ok: true });
    const dir = process.env.TEST_MAIL_DIR ?? '';
    const [received] = readMailbox(dir).filter((mail) => mail.to.includes(message.to));
    expect(received.to).toEqual([message.to]);
    const mail = parseMail(received.raw);
    expect(mail.headers.bcc).toBeUndefined();
    // The photo whose link is no http(s) one is left out.
    expect(mail.headers.subject).toBe('Suas fotos de Festa Bcc: intruso@exemplo.com <script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
  });

  it('a mailbox the server refuses is not tried again; a server that asks to wait is', async () => {
    const refused = await transport.send(photoMessage({ to: `recusado-${unique()}@exemplo.com.br` }));
    expect(refused).toEqual({ ok: false, retryable: false, reason: expect.stringContaining('550') });
    const busy = await transport.send(photoMessage({ to: `ocupado-${unique()}@exemplo.com.br` }));
    expect(busy).toEqual({ ok: false, retryable: true, reason: expect.stringContaining('451') });
  });

  it('an SMTP server out of reach is tried again later', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const away = emailTransport(settings(closed));
    try {
      expect(await away.send(photoMessage())).toEqual({
        ok: false,
        retryable: true,
        reason: expect.stringContaining('não foi possível falar com o servidor SMTP'),
      });
    } finally {
      await away.close();
    }
  });

  it('logs in with the configured user and password; credentials refused are not tried again', async () => {
    const withLogin = emailTransport({ ...settings(), user: 'fotos', password: 'segredo' });
    const refusedLogin = emailTransport({ ...settings(), user: 'recusado', password: 'errada' });
    try {
      const message = photoMessage();
      expect(await withLogin.send(message)).toMatchObject({ ok: true });
      const dir = process.env.TEST_MAIL_DIR ?? '';
      expect(readMailbox(dir).filter((mail) => mail.to.includes(message.to))).toEqual([
        expect.objectContaining({ user: 'fotos' }),
      ]);
      expect(await refusedLogin.send(photoMessage())).toEqual({
        ok: false,
        retryable: false,
        reason: expect.stringContaining('o servidor SMTP recusou o usuário e a senha'),
      });
    } finally {
      await Promise.all([withLogin.close(), refusedLogin.close()]);
    }
  });

  it('refuses a message of another channel for good', async () => {
    expect(await transport.send(photoMessage({ channel: 'whatsapp' }))).toMatchObject({ ok: false, retryable: false });
  });
});
