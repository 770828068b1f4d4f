import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { canShareFiles, isIosChrome, shareMedia } from '../../../../src/ui/share/shareMedia';
import { mediaFound, network } from '../../../support/network';

// The collect screen asks the media server whether the item exists before collecting it.
beforeEach(() => network.use(mediaFound));
import { renderApp } from '../../../support/renderWithProviders';

const photo = '/media/festa_ana/pad/foto-01.jpg';
const hint = 'TOQUE NA IMAGEM E MANTENHA PRESSIONADO PARA COMPARTILHAR OU BAIXAR';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 ' +
  'Mobile/15E148 Safari/604.1';

/** The shares the phone told the server of ('A festa em números' counts them): the photos' URLs. */
function toldShares(): unknown[] {
  const told: unknown[] = [];
  network.use(
    http.post('http://localhost/api/compartilhado', async ({ request }) => {
      told.push(await request.json());
      return HttpResponse.json('ok');
    }),
  );
  return told;
}

function fakeNavigator(overrides: Partial<Navigator>): Navigator {
  return { userAgent: 'Mozilla/5.0 (Linux; Android 14)', ...overrides } as Navigator;
}

describe('sharing', () => {
  it('shows the long-press hint where files cannot be shared, and tells of no share', async () => {
    const told = toldShares();
    const { user } = renderApp(`/collect?id=${photo}`);
    await user.click(await screen.findByRole('button', { name: 'Compartilhar ou baixar' }));
    expect(window.alert).toHaveBeenCalledWith(hint);
    expect(told).toEqual([]);
  });

  it('shares the file itself where the browser can (WhatsApp on a phone), and tells the server it did', async () => {
    const told = toldShares();
    const shared: File[][] = [];
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: { files?: File[] }) => Boolean(data.files?.length),
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: { files: File[] }) => void shared.push(data.files),
    });
    network.use(
      http.get(
        `http://localhost${photo}`,
        () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } }),
      ),
    );
    try {
      const { user } = renderApp(`/collect?id=${photo}`);
      const button = await screen.findByRole('button', { name: 'Compartilhar ou baixar' });
      await new Promise((r) => setTimeout(r, 50)); // the file is fetched ahead of the tap
      await user.click(button);
      expect(shared).toHaveLength(1);
      expect(shared[0][0].name).toBe('foto-01.jpg');
      expect(shared[0][0].type).toBe('image/jpeg');
      expect(window.alert).not.toHaveBeenCalled();
      await waitFor(() => expect(told).toEqual([{ url: photo }]));
    } finally {
      delete (navigator as unknown as Record<string, unknown>).canShare;
      delete (navigator as unknown as Record<string, unknown>).share;
    }
  });

  it('refuses video downloads on Chrome for iOS with the spec message', async () => {
    const nav = fakeNavigator({ userAgent: IPHONE_CHROME });
    expect(isIosChrome(IPHONE_CHROME)).toBe(true);
    expect(await shareMedia(nav, 'giro.mp4', null)).toBe('ios-chrome-video');
    expect(await shareMedia(nav, 'foto.jpg', null)).toBe('hint');
  });

  it('treats a closed share sheet as nothing to report', async () => {
    const file = new File(['x'], 'foto.jpg', { type: 'image/jpeg' });
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const nav = fakeNavigator({ canShare: () => true, share: () => Promise.reject(abort) });
    expect(await shareMedia(nav, 'foto.jpg', file)).toBe('cancelled');
    const broken = fakeNavigator({ canShare: () => true, share: () => Promise.reject(new Error('NotAllowed')) });
    expect(await shareMedia(broken, 'foto.jpg', file)).toBe('hint');
    expect(canShareFiles(fakeNavigator({}), 'foto.jpg')).toBe(false);
  });
});
