import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type * as ReactModule from 'react';
import type { ReactElement, Ref } from 'react';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const SHOT = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD';
const SECOND_SHOT = 'data:image/jpeg;base64,/9j/SECONDSHOTAAQSkZJRg';

// The camera as react-webcam drives it: what the browser answers, and the screenshots taken.
let mockCamera: 'allowed' | 'pending' | 'NotAllowedError' | 'NotFoundError' | 'NotReadableError' = 'allowed';
const mockShots: string[] = [];
const mockScreenshot = jest.fn((_size?: { width: number; height: number }) => mockShots.shift() ?? null);
const mockProps = jest.fn();

jest.mock('react-webcam', () => {
  const React = jest.requireActual<typeof ReactModule>('react');
  interface FakeProps {
    ref?: Ref<unknown>;
    onUserMedia: (stream: unknown) => void;
    onUserMediaError: (error: unknown) => void;
  }
  function FakeWebcam(props: FakeProps): ReactElement {
    const { ref, onUserMedia, onUserMediaError } = props;
    mockProps(props);
    React.useImperativeHandle(ref, () => ({ getScreenshot: mockScreenshot, video: { videoWidth: 1280, videoHeight: 960 } }));
    React.useEffect(() => {
      if (mockCamera === 'allowed') onUserMedia({});
      else if (mockCamera !== 'pending') onUserMediaError(new DOMException('camera', mockCamera));
      // The browser answers once per camera opened.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return React.createElement('video', { 'aria-label': 'Câmera' });
  }
  return { __esModule: true, default: FakeWebcam };
});

/** The server's answer to uploads; returns what it received. */
function serveUpload(answer: () => Response = () => HttpResponse.text('ok')) {
  const uploads: { path: string; body: unknown }[] = [];
  network.use(
    http.post(`${API}/uploadFace/:name`, async ({ request }) => {
      uploads.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return uploads;
}

async function openFace(agent = AGENT) {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderApp('/face', { preloadedState: withSession({ agent }) });
  await screen.findByRole('heading', { level: 1, name: 'Captura de rosto' });
  return { ...view, user };
}

const takeImage = () => screen.findByRole('button', { name: 'Take image' });
const preview = () => screen.queryByRole('img', { name: 'Sua foto, ainda não enviada' });

beforeEach(() => {
  mockCamera = 'allowed';
  mockShots.splice(0, mockShots.length, SHOT, SECOND_SHOT);
});

afterEach(() => {
  mockScreenshot.mockClear();
  mockProps.mockClear();
  jest.useRealTimers();
});

describe('the face capture screen', () => {
  it('says what the photo is for, and how to delete it, above the camera', async () => {
    await openFace();
    const consent = screen.getByText(/Usamos esta foto só para encontrar você nas fotos deste evento\./);
    expect(consent).toHaveTextContent('Você pode apagá-la quando quiser, aqui mesmo, em "Apagar minhas fotos de rosto".');
    const camera = await screen.findByLabelText('Câmera');
    expect(consent.compareDocumentPosition(camera) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('takes a 640 px JPEG of quality 0.85 and shows it before anything is sent', async () => {
    const uploads = serveUpload();
    const { user } = await openFace();
    await user.click(await takeImage());

    expect(mockProps).toHaveBeenCalledWith(expect.objectContaining({ screenshotFormat: 'image/jpeg', screenshotQuality: 0.85, audio: false }));
    expect(mockScreenshot).toHaveBeenCalledWith({ width: 640, height: 480 });
    expect(preview()).toHaveAttribute('src', SHOT);
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tirar outra' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take image' })).not.toBeInTheDocument();
    await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
    expect(uploads).toEqual([]);
  });

  it("sends the photo shown, as a data URL, under the visitor's agent; then offers another", async () => {
    const uploads = serveUpload();
    const { user } = await openFace();
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Foto enviada!')).toBeInTheDocument();
    expect(uploads).toEqual([{ path: `/api/uploadFace/${AGENT}`, body: { poligram: SHOT } }]);
    expect(preview()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tirar outra' }));
    await user.click(await takeImage());
    expect(preview()).toHaveAttribute('src', SECOND_SHOT);
  });

  it("'Tirar outra' discards the photo unsent and opens the camera again", async () => {
    const uploads = serveUpload();
    const { user } = await openFace();
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Tirar outra' }));
    await user.click(await takeImage());
    expect(preview()).toHaveAttribute('src', SECOND_SHOT);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Foto enviada!');
    expect(uploads.map((upload) => upload.body)).toEqual([{ poligram: SECOND_SHOT }]);
  });

  it("shows the server's message when sending fails, and sends again", async () => {
    let answers = 0;
    const uploads = serveUpload(() => {
      answers += 1;
      return answers === 1 ? HttpResponse.json({ error: 'invalid_image', message: 'Imagem inválida.' }, { status: 422 }) : HttpResponse.text('ok');
    });
    const { user } = await openFace();
    await user.click(await takeImage());
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Imagem inválida.');
    expect(preview()).toHaveAttribute('src', SHOT);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Foto enviada!')).toBeInTheDocument();
    expect(uploads).toHaveLength(2);
  });

  it('sends nothing without a visitor agent to file it under, and says so', async () => {
    const uploads = serveUpload();
    const { user } = await openFace('');
    await user.click(await takeImage());
    expect(screen.getByRole('alert')).toHaveTextContent('Não encontramos a sua identificação de visitante: recarregue a página.');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(uploads).toEqual([]);
  });

  it("keeps 'Take image' off until the camera shows a picture", async () => {
    mockCamera = 'pending';
    await openFace();
    expect(await takeImage()).toBeDisabled();
    expect(mockScreenshot).not.toHaveBeenCalled();
  });

  it('asks for the camera permission when it is refused', async () => {
    mockCamera = 'NotAllowedError';
    await openFace();
    expect(await screen.findByRole('alert')).toHaveTextContent('Permita o acesso à câmera para tirar a foto.');
    expect(screen.queryByRole('button', { name: 'Take image' })).not.toBeInTheDocument();
  });

  it.each(['NotFoundError', 'NotReadableError'] as const)('says there is no camera on %s, and can try again', async (error) => {
    mockCamera = error;
    const { user } = await openFace();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não encontramos uma câmera neste aparelho.');
    mockCamera = 'allowed';
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await takeImage()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes every face capture of the visitor after a second look, as the consent text promises', async () => {
    const deleted: string[] = [];
    network.use(
      http.delete(`${API}/faces/:agent`, ({ params }) => {
        deleted.push(String(params.agent));
        return HttpResponse.text('ok');
      }),
    );
    const { user } = await openFace();
    await user.click(screen.getByRole('button', { name: 'Apagar minhas fotos de rosto' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Apagar minhas fotos de rosto' }));
    // The two answers sit apart in a row of buttons, not touching.
    const yes = screen.getByRole('button', { name: 'Sim, apagar' });
    expect(yes.parentElement).toHaveClass('face__buttons');
    expect(screen.getByRole('button', { name: 'Cancelar' }).parentElement).toBe(yes.parentElement);
    await user.click(yes);
    expect(await screen.findByRole('status')).toHaveTextContent('Suas fotos de rosto foram apagadas.');
    expect(deleted).toEqual([AGENT]);
  });
});
