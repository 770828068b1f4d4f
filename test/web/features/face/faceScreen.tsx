/**
 * The face screen as its tests drive it: a fake camera, the face server's answers and what it received, the
 * screen opened, and the consent given.
 */
import userEvent from '@testing-library/user-event';
import { FaceCamera } from '../../../../src/features/face/FaceCamera';
import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement, Ref } from 'react';
import type { FaceSearchReply } from '../../../../contract/wire';
import { API, network } from '../../../support/network';
import { renderApp, type RenderAppOptions } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

export const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
export const SHOT = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD';
export const SECOND_SHOT = 'data:image/jpeg;base64,/9j/SECONDSHOTAAQSkZJRg';

// The camera as react-webcam drives it: what the browser answers, and the screenshots taken. The
// files mock react-webcam with fakeWebcam (jest.mock is hoisted, so each test file names it itself).
export const mockCamera: {
  answer: 'allowed' | 'pending' | 'NotAllowedError' | 'NotFoundError' | 'NotReadableError';
} = { answer: 'allowed' };
const mockShots: string[] = [];
export const mockScreenshot = jest.fn((_size?: { width: number; height: number }) => mockShots.shift() ?? null);
export const mockProps = jest.fn();

interface FakeProps {
  ref?: Ref<unknown>;
  onUserMedia: (stream: unknown) => void;
  onUserMediaError: (error: unknown) => void;
}

function FakeWebcam(props: FakeProps): ReactElement {
  const { ref, onUserMedia, onUserMediaError } = props;
  mockProps(props);
  React.useImperativeHandle(ref, () => ({
    getScreenshot: mockScreenshot,
    video: { videoWidth: 1280, videoHeight: 960 },
  }));
  React.useEffect(() => {
    if (mockCamera.answer === 'allowed') onUserMedia({});
    else if (mockCamera.answer !== 'pending') onUserMediaError(new DOMException('camera', mockCamera.answer));
    // The browser answers once per camera opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return React.createElement('video', { 'aria-label': 'Câmera' });
}

/** react-webcam's module as the tests mock it. */
export const fakeWebcam = { __esModule: true, default: FakeWebcam };

export const PHOTO_A = '/media/festa_ana/pad/a1.jpg';
export const PHOTO_B = '/media/festa_ana/pad/a2.jpg';
export const FOUND: FaceSearchReply = {
  selfie: true,
  hidden: false,
  found: [
    { url: PHOTO_B, event: 'festa_ana' },
    { url: PHOTO_A, event: 'festa_ana' },
  ],
  searched: ['festa_ana'],
  unavailable: ['outra'],
};
export const NO_SELFIE: FaceSearchReply = {
  selfie: false,
  hidden: false,
  found: [],
  searched: ['festa_ana'],
  unavailable: [],
};

/** The face server: what it answers to the selfie and to the search again, and what it received. */
export function serveFaces({
  upload = () => HttpResponse.json(FOUND),
  kept = () => NO_SELFIE,
}: { upload?: () => Response; kept?: () => FaceSearchReply } = {}) {
  const calls = { uploads: [] as { path: string; body: unknown }[], searches: [] as string[], hidden: [] as string[] };
  network.use(
    http.post(`${API}/uploadFace/:name`, async ({ request }) => {
      calls.uploads.push({ path: new URL(request.url).pathname, body: await request.json() });
      return upload();
    }),
    http.get(`${API}/fotos-do-rosto/:agent`, ({ request }) => {
      calls.searches.push(new URL(request.url).search);
      return HttpResponse.json(kept());
    }),
    http.post(`${API}/rostos-ocultos/:agent`, ({ params }) => {
      calls.hidden.push(`hide ${String(params.agent)}`);
      return HttpResponse.text('ok');
    }),
    http.delete(`${API}/rostos-ocultos/:agent`, ({ params }) => {
      calls.hidden.push(`show ${String(params.agent)}`);
      return HttpResponse.text('ok');
    }),
  );
  return calls;
}

export async function openFace(agent = AGENT, url = '/face?evento=festa_ana', options: RenderAppOptions = {}) {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderApp(url, { ...options, preloadedState: withSession({ agent, events: ['outra', 'festa_ana'] }) });
  await screen.findByRole('heading', { level: 1, name: 'Encontre minhas fotos' });
  return { ...view, user };
}

/** Past the consent: 'Concordo' ticked, the camera opened. */
export async function agree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Concordo' }));
  await user.click(screen.getByRole('button', { name: 'Abrir a câmera' }));
}

export const takeImage = () => screen.findByRole('button', { name: 'Take image' });
export const preview = () => screen.queryByRole('img', { name: 'Sua foto, ainda não enviada' });

/**
 * Each test starts with the camera allowed and two shots ready, and leaves no fake timers behind. The
 * camera's lazy module is loaded before the first test: a file's first test would otherwise find
 * 'Take image' while the camera is still opening, and tap it disabled.
 */
export function resetCameraBetweenTests(): void {
  beforeAll(async () => {
    const noop = () => undefined;
    const view = render(<FaceCamera ready={false} onStarted={noop} onFailed={noop} onCaptured={noop} />);
    await screen.findByLabelText('Câmera');
    view.unmount();
    mockProps.mockClear();
  });

  beforeEach(() => {
    mockCamera.answer = 'allowed';
    mockShots.splice(0, mockShots.length, SHOT, SECOND_SHOT);
  });

  afterEach(() => {
    mockScreenshot.mockClear();
    mockProps.mockClear();
    jest.useRealTimers();
  });
}
