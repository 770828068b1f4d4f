import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeliveryOffer, DeliverySubscription } from '../../../../contract/wire';
import { API, mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';
import { agree, type fakeWebcam, FOUND, openFace, resetCameraBetweenTests, serveFaces, SHOT } from '../face/faceScreen';

jest.mock('react-webcam', () => jest.requireActual<{ fakeWebcam: typeof fakeWebcam }>('../face/faceScreen').fakeWebcam);

/**
 * 'Receber minhas fotos' (docs/product.md#photos-delivered): offered on the collect, face and pack pages only while
 * the event's owner has delivery on; the number checked as the guest leaves the field, the server's consent text word
 * for word, nothing sent before 'Concordo com este texto'; once subscribed, where the photos go (masked) and 'Parar de
 * receber', at once.
 */
const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const TEXT = 'Enviamos as fotos de "Festa da Ana" até 19/12/2026. Para parar, use o link de cada mensagem.';
const HASH = 'c'.repeat(64);
const ON: DeliveryOffer = {
  offered: true,
  title: 'Festa da Ana',
  text: TEXT,
  textHash: HASH,
  until: '2026-12-19T23:30:00.000Z',
  faceMatchesOffered: false,
  subscription: null,
};

/** festa_ana delivers photos: what the guest sends is kept, the offer then carries the subscription. */
function serveOffer({ faceMatches = () => false, refuse }: { faceMatches?: () => boolean; refuse?: object } = {}) {
  const sent: unknown[] = [];
  const stops: string[] = [];
  let subscription: DeliverySubscription | null = null;
  network.use(
    http.get(`${API}/entregas/festa_ana`, () =>
      HttpResponse.json({ ...ON, faceMatchesOffered: faceMatches(), subscription }),
    ),
    http.post(`${API}/entregas/festa_ana`, async ({ request }) => {
      const body = (await request.json()) as { name: string; channel: 'whatsapp' | 'email'; faceMatches: boolean };
      sent.push(body);
      if (refuse) return HttpResponse.json(refuse, { status: 409 });
      subscription = {
        name: body.name,
        channel: body.channel,
        maskedAddress: body.channel === 'whatsapp' ? '+55 (11) *****-4321' : 'ca***@exemplo.com',
        faceMatches: body.faceMatches,
        subscribedAt: '2026-09-20T23:30:00.000Z',
        until: '2026-12-19T23:30:00.000Z',
      };
      return HttpResponse.json({ subscription });
    }),
    http.delete(`${API}/entregas/festa_ana`, () => {
      stops.push('festa_ana');
      subscription = null;
      return HttpResponse.json({ stopped: true, title: 'Festa da Ana' });
    }),
  );
  return { sent, stops };
}

const openCollect = () =>
  renderApp('/collect?id=/media/festa_ana/pad/foto-01.jpg', { preloadedState: withSession({ agent: AGENT }) });

describe('on the collect page', () => {
  beforeEach(() => network.use(mediaFound));

  it('offers nothing while the owner has it off', async () => {
    openCollect();
    expect(await screen.findByRole('button', { name: 'Ir para Evento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receber minhas fotos' })).not.toBeInTheDocument();
  });

  it(`checks the number as the guest leaves the field, sends nothing before the text is agreed to, then subscribes \
and says where the photos go`, async () => {
    const { sent } = serveOffer();
    const { user } = openCollect();
    await user.click(await screen.findByRole('button', { name: 'Receber minhas fotos' }));
    const form = screen.getByRole('form', { name: 'Receber minhas fotos' });
    // The button pressed went away: the form's heading has the focus.
    expect(within(form).getByRole('heading', { name: 'Receber minhas fotos' })).toHaveFocus();
    expect(form).toHaveTextContent('cada foto que você coletar a partir de agora');
    expect(form).toHaveTextContent('no fim do evento, uma mensagem com o link da galeria do evento');
    // No face search made: nothing to ask about faces.
    expect(within(form).queryByRole('checkbox', { name: /rosto/ })).not.toBeInTheDocument();
    const agreed = within(form).getByRole('checkbox', { name: 'Concordo com este texto' });
    expect(agreed).toHaveAccessibleDescription(TEXT);

    await user.type(within(form).getByRole('textbox', { name: 'Seu nome' }), 'Bia Souza');
    const number = within(form).getByRole('textbox', { name: 'WhatsApp com DDD' });
    await user.type(number, '(20) 98765-4321');
    expect(number).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(
      'Confira o WhatsApp: um celular do Brasil com DDD, como (11) 98765-4321.',
    );
    // Corrected, the message goes as it is typed.
    await user.clear(number);
    await user.type(number, '(11) 98765-4321');
    expect(number).not.toHaveAttribute('aria-invalid');

    await user.click(within(form).getByRole('button', { name: 'Receber minhas fotos' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Para enviar, marque "Concordo com este texto".');
    expect(sent).toEqual([]);

    await user.click(agreed);
    await user.click(within(form).getByRole('button', { name: 'Receber minhas fotos' }));
    const section = screen.getByRole('region', { name: 'Receber minhas fotos' });
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Pronto, Bia Souza: as fotos de Festa da Ana vão chegar no seu WhatsApp +55 (11) *****-4321.',
    );
    expect(within(section).getByRole('status')).toHaveFocus();
    expect(section).toHaveTextContent('Você vai receber cada foto que você coletar e, no fim do evento, o link');
    expect(section).toHaveTextContent('até 19/12/2026');
    expect(sent).toEqual([
      { name: 'Bia Souza', channel: 'whatsapp', address: '(11) 98765-4321', consent: HASH, faceMatches: false },
    ]);
    expect(screen.queryByRole('form', { name: 'Receber minhas fotos' })).not.toBeInTheDocument();
  });

  it("stops at once with 'Parar de receber', and offers it again", async () => {
    const { stops } = serveOffer();
    const { user } = openCollect();
    await user.click(await screen.findByRole('button', { name: 'Receber minhas fotos' }));
    const form = screen.getByRole('form', { name: 'Receber minhas fotos' });
    await user.type(within(form).getByRole('textbox', { name: 'Seu nome' }), 'Caio');
    await user.click(within(form).getByRole('radio', { name: 'E-mail' }));
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'caio@exemplo.com');
    await user.click(within(form).getByRole('checkbox', { name: 'Concordo com este texto' }));
    await user.click(within(form).getByRole('button', { name: 'Receber minhas fotos' }));
    const section = screen.getByRole('region', { name: 'Receber minhas fotos' });
    expect(await within(section).findByText(/vão chegar no seu e-mail ca\*\*\*@exemplo\.com/)).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Parar de receber' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Pronto: você não vai mais receber as fotos de Festa da Ana.',
    );
    expect(within(section).getByRole('status')).toHaveFocus();
    expect(stops).toEqual(['festa_ana']);
    expect(within(section).getByRole('button', { name: 'Receber minhas fotos' })).toBeInTheDocument();
  });

  it('shows what the server refused, and a changed text must be agreed to again', async () => {
    const { sent } = serveOffer({
      refuse: { error: 'consent_changed', message: 'O texto do consentimento mudou: leia de novo e confirme.' },
    });
    const { user } = openCollect();
    await user.click(await screen.findByRole('button', { name: 'Receber minhas fotos' }));
    const form = screen.getByRole('form', { name: 'Receber minhas fotos' });
    await user.type(within(form).getByRole('textbox', { name: 'Seu nome' }), 'Caio');
    await user.click(within(form).getByRole('radio', { name: 'E-mail' }));
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'caio@exemplo');
    await user.tab();
    expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Confira o e-mail, como nome@exemplo.com.',
    );
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), '.com');
    await user.click(within(form).getByRole('checkbox', { name: 'Concordo com este texto' }));
    await user.click(within(form).getByRole('button', { name: 'Receber minhas fotos' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'O texto do consentimento mudou: leia de novo e confirme.',
    );
    expect(sent).toEqual([
      { name: 'Caio', channel: 'email', address: 'caio@exemplo.com', consent: HASH, faceMatches: false },
    ]);
    expect(within(form).getByRole('checkbox', { name: 'Concordo com este texto' })).not.toBeChecked();
  });
});

describe('on the face page', () => {
  resetCameraBetweenTests();

  it('asks about the photos a face is found in once the guest searched with consent, and sends it', async () => {
    let searched = false;
    serveFaces({
      upload: () => {
        searched = true;
        return HttpResponse.json(FOUND);
      },
    });
    const { sent } = serveOffer({ faceMatches: () => searched });
    const { user } = await openFace();
    await user.click(await screen.findByRole('button', { name: 'Receber minhas fotos' }));
    const form = screen.getByRole('form', { name: 'Receber minhas fotos' });
    expect(within(form).queryByRole('checkbox', { name: /rosto/ })).not.toBeInTheDocument();

    await agree(user);
    await user.click(await screen.findByRole('button', { name: 'Take image' }));
    expect(await screen.findByRole('img', { name: 'Sua foto, ainda não enviada' })).toHaveAttribute('src', SHOT);
    await user.click(screen.getByRole('button', { name: 'Procurar minhas fotos' }));
    const faces = await within(form).findByRole('checkbox', {
      name: 'também cada foto nova em que a busca pelo rosto encontrar você',
    });
    expect(faces).not.toBeChecked();
    await user.click(faces);
    await user.type(within(form).getByRole('textbox', { name: 'Seu nome' }), 'Bia');
    await user.type(within(form).getByRole('textbox', { name: 'WhatsApp com DDD' }), '11987654321');
    await user.click(within(form).getByRole('checkbox', { name: 'Concordo com este texto' }));
    await user.click(within(form).getByRole('button', { name: 'Receber minhas fotos' }));
    expect(await screen.findByText(/cada foto nova em que a busca pelo rosto encontrar você e, no fim/)).toBeVisible();
    expect(sent).toEqual([
      { name: 'Bia', channel: 'whatsapp', address: '11987654321', consent: HASH, faceMatches: true },
    ]);
  });
});

describe('on the pack page', () => {
  it("offers it for the pack's event", async () => {
    serveOffer();
    network.use(
      http.get(`${API}/validatePacks/:hashes`, () =>
        HttpResponse.json(["{'PACKDEMO5': {'copies': 5, 'bname': 'festa_ana', 'title': 'Festa da Ana'}}"]),
      ),
    );
    renderApp('/packs?pack=PACKDEMO5', { preloadedState: withSession({ agent: AGENT }) });
    const photos = await screen.findByRole('region', { name: 'Suas fotos de Festa da Ana' });
    expect(await within(photos).findByRole('button', { name: 'Receber minhas fotos' })).toBeInTheDocument();
  });
});
