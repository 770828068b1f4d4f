import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ContactOffer } from '../../../../contract/wire';
import { API, mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';
import { agree, type fakeWebcam, openFace, resetCameraBetweenTests, serveFaces } from '../face/faceScreen';

jest.mock('react-webcam', () => jest.requireActual<{ fakeWebcam: typeof fakeWebcam }>('../face/faceScreen').fakeWebcam);

/**
 * 'Quero receber as fotos' (docs/privacy.md#guests-contacts): offered on the collect and face pages
 * only when the event's owner turned it on, the server's consent text shown word for word, nothing
 * sent before 'Concordo com este texto' and a contact that passes the checks; once left, the guest is told where to
 * withdraw it.
 */
const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const TEXT = 'Quero receber as fotos de "Festa da Ana". Os dados ficam guardados por 90 dias.';
const HASH = 'a'.repeat(64);
const ON: ContactOffer = { offered: true, title: 'Festa da Ana', days: 90, text: TEXT, textHash: HASH, left: false };

/** festa_ana asks for contacts; what the guest sends is kept, and the offer then says it was left. */
function serveOffer(refuse?: { status: number; error: string; message: string }) {
  const sent: unknown[] = [];
  let left = false;
  network.use(
    http.get(`${API}/contatos/festa_ana`, () => HttpResponse.json({ ...ON, left })),
    http.post(`${API}/contatos/festa_ana`, async ({ request }) => {
      sent.push(await request.json());
      if (refuse) return HttpResponse.json(refuse, { status: refuse.status });
      left = true;
      return HttpResponse.json({ left: true, expiresAt: '2027-02-27T12:00:00.000Z' });
    }),
  );
  return sent;
}

const openCollect = () =>
  renderApp('/collect?id=/media/festa_ana/pad/foto-01.jpg', { preloadedState: withSession({ agent: AGENT }) });

describe('on the collect page', () => {
  beforeEach(() => network.use(mediaFound));

  it('asks nothing while the owner has it off', async () => {
    openCollect();
    expect(await screen.findByRole('button', { name: 'Ir para Evento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quero receber as fotos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Seu nome' })).not.toBeInTheDocument();
  });

  it(`shows the consent text, sends nothing before it is agreed to or with a wrong number, then keeps the contact \
and says where to withdraw it`, async () => {
    const sent = serveOffer();
    const { user } = openCollect();
    await user.click(await screen.findByRole('button', { name: 'Quero receber as fotos' }));
    const form = screen.getByRole('form', { name: 'Quero receber as fotos' });
    expect(within(form).getByText(TEXT)).toBeInTheDocument();
    const agreed = within(form).getByRole('checkbox', { name: 'Concordo com este texto' });
    expect(agreed).not.toBeChecked();
    expect(agreed).toHaveAccessibleDescription(TEXT);

    await user.type(within(form).getByRole('textbox', { name: 'Seu nome' }), 'Bia Souza');
    await user.type(within(form).getByRole('textbox', { name: 'WhatsApp com DDD' }), '(20) 98765-4321');
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Confira o WhatsApp: um celular do Brasil com DDD');

    await user.clear(within(form).getByRole('textbox', { name: 'WhatsApp com DDD' }));
    await user.type(within(form).getByRole('textbox', { name: 'WhatsApp com DDD' }), '(11) 98765-4321');
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Para enviar, marque "Concordo com este texto".');
    expect(sent).toEqual([]);

    await user.click(agreed);
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(/Pronto: vamos te enviar as fotos de Festa da Ana/)).toBeVisible();
    expect(sent).toEqual([{ name: 'Bia Souza', whatsapp: '(11) 98765-4321', consent: HASH }]);
    expect(screen.getByRole('link', { name: 'Privacidade e seus dados' })).toHaveAttribute('href', '/privacidade');
    expect(screen.queryByRole('form', { name: 'Quero receber as fotos' })).not.toBeInTheDocument();
  });

  it('sends an e-mail when the guest chooses it, and shows what the server refused', async () => {
    const sent = serveOffer({
      status: 409,
      error: 'consent_changed',
      message: 'O texto do consentimento mudou: leia de novo e confirme.',
    });
    const { user } = openCollect();
    await user.click(await screen.findByRole('button', { name: 'Quero receber as fotos' }));
    const form = screen.getByRole('form', { name: 'Quero receber as fotos' });
    await user.type(within(form).getByRole('textbox', { name: 'Seu nome' }), 'Caio');
    await user.click(within(form).getByRole('radio', { name: 'E-mail' }));
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'caio@exemplo.com');
    await user.click(within(form).getByRole('checkbox', { name: 'Concordo com este texto' }));
    await user.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'O texto do consentimento mudou: leia de novo e confirme.',
    );
    expect(sent).toEqual([{ name: 'Caio', email: 'caio@exemplo.com', consent: HASH }]);
    // The text read again must be agreed to again.
    expect(within(form).getByRole('checkbox', { name: 'Concordo com este texto' })).not.toBeChecked();
  });
});

describe('on the face page', () => {
  resetCameraBetweenTests();

  it("offers it for the event of the gallery that opened it, beside the face search's own consent", async () => {
    serveFaces();
    serveOffer();
    const { user } = await openFace();
    await user.click(await screen.findByRole('button', { name: 'Quero receber as fotos' }));
    expect(screen.getByRole('form', { name: 'Quero receber as fotos' })).toHaveTextContent(TEXT);
    // The face search's consent is its own.
    await agree(user);
    expect(await screen.findByRole('button', { name: 'Take image' })).toBeInTheDocument();
  });

  it('asks nothing when no event opened it, not even for an event the guest was at that asks', async () => {
    serveFaces();
    serveOffer();
    await openFace(AGENT, '/face');
    expect(await screen.findByRole('checkbox', { name: 'Concordo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quero receber as fotos' })).not.toBeInTheDocument();
  });
});
