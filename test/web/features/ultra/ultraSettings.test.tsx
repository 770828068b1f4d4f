import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { agentSigner } from '../../../support/agentSigner';
import { withSession } from '../../../support/session';
import { memoryCookieJar } from '../../../../src/session';

const PAGE = '/ultraQR?device=p1&qrid=q7&bname=festa';

/** The platform's answer to the settings; returns the paths called. */
function serveSettings(answer: () => Response = () => HttpResponse.text('success')) {
  const calls: string[] = [];
  network.use(
    http.get(`${API}/ultraStartConfig/:device/:qrid/:speed/:music`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return answer();
    }),
    // Where a confirmed choice leads.
    http.get(`${API}/ultraLast/:device/:bname`, () => HttpResponse.text('in_session')),
  );
  return calls;
}

async function openSettings(url = PAGE) {
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Ajuste seu 360' });
  return view;
}

const slider = () => screen.getByRole('slider', { name: 'Velocidade' });
const song = (name: string) => screen.getByRole('radio', { name });

describe('the 360 settings screen', () => {
  it('starts at speed 20 with Escolinha do Professor, among the three songs', async () => {
    await openSettings();
    expect(slider()).toHaveValue('20');
    expect(screen.getByText('20', { selector: 'output' })).toBeInTheDocument();
    const songs = within(screen.getByRole('group', { name: 'Música' })).getAllByRole('radio');
    expect(songs.map((radio) => [radio.getAttribute('value'), (radio as HTMLInputElement).checked])).toEqual([
      ['Vem_Tremer', false],
      ['Escolinha_do_Professor', true],
      ['Eu_Fiz_um_Jet', false],
    ]);
    expect(song('Vem Tremer')).toBeInTheDocument();
    expect(song('Escolinha do Professor')).toBeChecked();
    expect(song('Eu Fiz um Jet')).toBeInTheDocument();
  });

  it(`shows the songs as the app's choices (a tall row to tap, the radio in the brand's colour), not bare \
radios`, async () => {
    await openSettings();
    for (const name of ['Vem Tremer', 'Escolinha do Professor', 'Eu Fiz um Jet'])
      expect(song(name).closest('label')).toHaveClass('choice');
  });

  it('offers speeds from 20 to 80 in steps of 20, and shows the one chosen', async () => {
    await openSettings();
    expect(slider()).toHaveAttribute('type', 'range');
    expect(slider()).toHaveAttribute('min', '20');
    expect(slider()).toHaveAttribute('max', '80');
    expect(slider()).toHaveAttribute('step', '20');
    fireEvent.change(slider(), { target: { value: '60' } });
    expect(slider()).toHaveValue('60');
    expect(screen.getByText('60', { selector: 'output' })).toBeInTheDocument();
    fireEvent.change(slider(), { target: { value: '80' } });
    expect(screen.getByText('80', { selector: 'output' })).toBeInTheDocument();
  });

  it('sends the defaults as they are', async () => {
    const calls = serveSettings();
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByRole('heading', { level: 1, name: 'Vídeo 360' });
    expect(calls).toEqual(['/api/ultraStartConfig/p1/q7/20/Escolinha_do_Professor']);
    expect(router.state.location.pathname).toBe('/ultraLast');
  });

  it('sends the chosen speed and song, and on success opens the result of the same platform and event', async () => {
    const calls = serveSettings();
    const { user, router } = await openSettings();
    fireEvent.change(slider(), { target: { value: '60' } });
    await user.click(song('Vem Tremer'));
    expect(song('Vem Tremer')).toBeChecked();
    expect(song('Escolinha do Professor')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Sessão em andamento')).toBeInTheDocument();
    expect(calls).toEqual(['/api/ultraStartConfig/p1/q7/60/Vem_Tremer']);
    expect(router.state.location.pathname).toBe('/ultraLast');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      device: 'p1',
      bname: 'festa',
    });
  });

  it(`sends the settings again under the agent the server gave when it never signed the one sent, with no refusal \
shown`, async () => {
    const cookies = memoryCookieJar({ agent: 'feitopeloapp0001' });
    const server = agentSigner(cookies);
    const sentAs: string[] = [];
    network.use(
      http.get(`${API}/ultraStartConfig/:device/:qrid/:speed/:music`, ({ request }) => {
        const agent = new URL(request.url).searchParams.get('agent') ?? '';
        sentAs.push(agent);
        return server.refusal(agent) ?? HttpResponse.text('success');
      }),
      http.get(`${API}/ultraLast/:device/:bname`, () => HttpResponse.text('in_session')),
    );
    const { user } = renderApp(PAGE, { preloadedState: withSession({ agent: 'feitopeloapp0001' }), cookies });
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Sessão em andamento')).toBeInTheDocument();
    expect(sentAs).toEqual(['feitopeloapp0001', 'dadopeloservidor0001']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message on a failure, stays, and can send again", async () => {
    let answers = 0;
    const calls = serveSettings(() => {
      answers += 1;
      return answers === 1
        ? HttpResponse.json(
            { error: 'stale_qrid', message: 'Este QR code já foi usado: escaneie o da plataforma de novo.' },
            { status: 409 },
          )
        : HttpResponse.text('success');
    });
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este QR code já foi usado: escaneie o da plataforma de novo.',
    );
    expect(router.state.location.pathname).toBe('/ultraQR');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByRole('heading', { level: 1, name: 'Vídeo 360' });
    expect(calls).toHaveLength(2);
  });

  it('does not go on when the platform answers anything but success', async () => {
    serveSettings(() => HttpResponse.text('busy'));
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A plataforma 360 não confirmou os ajustes. Tente novamente.',
    );
    expect(router.state.location.pathname).toBe('/ultraQR');
  });

  it.each(['/ultraQR', '/ultraQR?device=p1&bname=festa', '/ultraQR?device=p1&qrid=q7', '/ultraQR?qrid=q7&bname=festa'])(
    'explains a link without device, qrid and event (%s)',
    async (url) => {
      await openSettings(url);
      expect(screen.getByRole('alert')).toHaveTextContent('Link inválido: faltam dados da plataforma 360.');
      expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    },
  );
});
