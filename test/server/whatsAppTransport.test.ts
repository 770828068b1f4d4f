import net from 'node:net';
import type { OutgoingMessage } from '../../server/src/modules/delivery/transports/transport';
import { whatsAppFailure } from '../../server/src/modules/delivery/transports/whatsAppFailures';
import { whatsAppTransport } from '../../server/src/modules/delivery/transports/whatsAppTransport';
import { acceptedFor, failNext, newPhoneNumberId, newWhatsAppNumber, standInSettings } from './support/whatsAppStandIn';

/**
 * The WhatsApp transport against the stand-in of the WhatsApp Business Cloud API (tools/standIns/whatsAppStandIn.ts):
 * the template message it posts, and what each of Meta's refusals means for the next try.
 */

const phoneNumberId = newPhoneNumberId();
const transport = whatsAppTransport(standInSettings(phoneNumberId));

function photoMessage(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    idempotencyKey: `assinatura-${newWhatsAppNumber()}:foto-1`,
    channel: 'whatsapp',
    to: newWhatsAppNumber(),
    guestName: 'Ana',
    eventTitle: 'Aniversário da Ana',
    photos: [
      {
        imageUrl: 'https://cabine.example/entregas/imagem/a1?expira=1764400000&assinatura=abc',
        pageUrl: 'https://cabine.example/collect?id=/media/festa_ana/pad/a1.jpg',
      },
    ],
    collectionUrl: null,
    stopUrl: 'https://cabine.example/parar/tokentokentokentoken',
    kind: 'photos',
    ...overrides,
  };
}

describe('WhatsApp through the Cloud API', () => {
  it('sends a photo as the utility template: the image header by link, the body parameters, our key', async () => {
    const message = photoMessage();
    const result = await transport.send(message);
    const [accepted, ...more] = await acceptedFor(message.to);
    expect(more).toHaveLength(0);
    expect(result).toEqual({ ok: true, providerId: accepted.id });
    expect(accepted.id).toMatch(/^wamid\./);
    expect(accepted).toMatchObject({
      phoneNumberId,
      to: message.to.slice(1),
      template: 'cabine_fotos',
      imageLink: message.photos[0].imageUrl,
      body: ['Ana', 'uma foto nova', 'Aniversário da Ana', message.photos[0].pageUrl, message.stopUrl],
      callbackData: message.idempotencyKey,
    });
  });

  it("several photos: how many, the first as the header, the guest's collection as the link", async () => {
    const message = photoMessage({
      photos: [1, 2, 3].map((n) => ({
        imageUrl: `https://cabine.example/entregas/imagem/a${n}`,
        pageUrl: `https://cabine.example/collect?id=/media/festa_ana/pad/a${n}.jpg`,
      })),
      collectionUrl: 'https://cabine.example/colecao',
    });
    expect(await transport.send(message)).toMatchObject({ ok: true });
    const [accepted] = await acceptedFor(message.to);
    expect(accepted.imageLink).toBe('https://cabine.example/entregas/imagem/a1');
    expect(accepted.body).toEqual([
      'Ana',
      '3 fotos novas',
      'Aniversário da Ana',
      'https://cabine.example/colecao',
      message.stopUrl,
    ]);
  });

  it("the event's end goes as its own template, no header, with the guest's photos and the gallery", async () => {
    const message = photoMessage({
      kind: 'event_end',
      photos: [],
      collectionUrl: 'https://cabine.example/colecao',
      galleryUrl: 'https://cabine.example/galeria',
    });
    expect(await transport.send(message)).toMatchObject({ ok: true });
    const [accepted] = await acceptedFor(message.to);
    expect(accepted).toMatchObject({
      template: 'cabine_fim_da_festa',
      imageLink: null,
      body: [
        'Ana',
        'Aniversário da Ana',
        'https://cabine.example/colecao',
        'https://cabine.example/galeria',
        message.stopUrl,
      ],
    });
  });

  it('makes parameters Meta accepts: no new lines, tabs or long spaces, never empty', async () => {
    const message = photoMessage({ guestName: null, eventTitle: 'Festa\n\tda     Ana' });
    expect(await transport.send(message)).toMatchObject({ ok: true });
    const [accepted] = await acceptedFor(message.to);
    expect(accepted.body.slice(0, 3)).toEqual(['convidado', 'uma foto nova', 'Festa da Ana']);
  });

  it('refuses for good what no template can carry, without asking Meta', async () => {
    const cases: OutgoingMessage[] = [
      photoMessage({ to: '+55 11 9' }),
      photoMessage({ photos: [{ imageUrl: 'javascript:alert(1)', pageUrl: 'https://cabine.example/x' }] }),
      photoMessage({ kind: 'event_end', photos: [], collectionUrl: null }),
      photoMessage({ stopUrl: 'não é um link' }),
      photoMessage({ channel: 'email' }),
    ];
    for (const message of cases) {
      expect(await transport.send(message)).toMatchObject({ ok: false, retryable: false });
      expect(await acceptedFor(message.to)).toHaveLength(0);
    }
  });

  it("retries Meta's throttling and temporary trouble, never a bad number or a refused template", async () => {
    // The third: a server error (HTTP 5xx), which may come after Meta took it: the next try waits for its word.
    const cases: Array<[number, boolean, boolean?]> = [
      [130429, true], // throughput reached
      [131048, true], // spam rate limit
      [131056, true], // too many to one number
      [131000, true, true], // something went wrong (HTTP 500)
      [133004, true, true], // server temporarily unavailable (HTTP 503)
      [1, true, true], // API unknown (HTTP 500)
      [131026, false], // undeliverable
      [132001, false], // template does not exist
      [132018, false], // template parameters refused
      [100, false], // invalid parameter
      [190, false], // access token
    ];
    for (const [code, retryable, unsettled] of cases) {
      const message = photoMessage();
      await failNext(message.to, { code });
      const result = await transport.send(message);
      expect({ code, result }).toEqual({
        code,
        result: {
          ok: false,
          retryable,
          reason: expect.stringContaining(`(código ${code})`),
          ...(unsettled ? { unsettled } : {}),
        },
      });
      expect(await acceptedFor(message.to)).toHaveLength(0);
      // The failure was played once: the next try goes through.
      expect(await transport.send(message)).toMatchObject({ ok: true });
    }
  });

  it("meets the stand-in's own refusals as Meta's: a wrong token, an unknown template", async () => {
    const wrongToken = whatsAppTransport(standInSettings(phoneNumberId, { accessToken: 'outro' }));
    expect(await wrongToken.send(photoMessage())).toEqual({
      ok: false,
      retryable: false,
      reason: expect.stringContaining('(código 190)'),
    });
    const noTemplate = whatsAppTransport(
      standInSettings(phoneNumberId, { templates: { photos: 'nao_aprovado', eventEnd: 'x', language: 'pt_BR' } }),
    );
    expect(await noTemplate.send(photoMessage())).toMatchObject({ ok: false, retryable: false });
  });

  it('an API out of reach is tried again later (the request never left: nothing to wait for)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const away = whatsAppTransport(standInSettings(phoneNumberId, { apiUrl: `http://127.0.0.1:${closed}` }));
    expect(await away.send(photoMessage())).toEqual({
      ok: false,
      retryable: true,
      reason: expect.stringContaining('não foi possível falar com a API do WhatsApp'),
    });
  });

  it('an answer lost after the request went out may mean Meta took it: tried again, but said unsettled', async () => {
    // An API that reads the request and cuts the connection without a word, as a lost answer looks.
    const cutter = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = cutter.address() as net.AddressInfo;
      const cut = whatsAppTransport(standInSettings(phoneNumberId, { apiUrl: `http://127.0.0.1:${port}` }));
      expect(await cut.send(photoMessage())).toEqual({
        ok: false,
        retryable: true,
        unsettled: true,
        reason: expect.stringContaining('não foi possível falar com a API do WhatsApp'),
      });
    } finally {
      await new Promise((resolve) => cutter.close(resolve));
    }
  });

  it('an unknown code goes by its HTTP status: a server error or a throttle passes, a refusal does not', () => {
    expect(whatsAppFailure(503, null).retryable).toBe(true);
    // A server error may come after Meta took it: the next try waits for its word; a throttle is a refusal.
    expect(whatsAppFailure(502, null).unsettled).toBe(true);
    expect(whatsAppFailure(500, { code: 131000 })).toMatchObject({ retryable: true, unsettled: true });
    expect(whatsAppFailure(429, { code: 130429 }).unsettled).toBeUndefined();
    expect(whatsAppFailure(429, { code: 999999 }).retryable).toBe(true);
    expect(whatsAppFailure(400, { code: 999999, message: 'novo' })).toEqual({
      retryable: false,
      reason: 'WhatsApp recusou a mensagem (código 999999): novo',
    });
    expect(whatsAppFailure(400, { code: '131056' }).retryable).toBe(true);
  });
});
