/**
 * The face screen's consent and camera: nothing opens before 'Concordo', the selfie taken and shown before it
 * is sent, the camera's permission.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  type fakeWebcam,
  SHOT,
  mockCamera,
  mockScreenshot,
  mockProps,
  serveFaces,
  openFace,
  agree,
  takeImage,
  preview,
  resetCameraBetweenTests,
} from './faceScreen';

jest.mock('react-webcam', () => jest.requireActual<{ fakeWebcam: typeof fakeWebcam }>('./faceScreen').fakeWebcam);

resetCameraBetweenTests();

describe("the face screen: 'Encontre minhas fotos'", () => {
  it(`asks for consent first (what is done, for how long, how to delete): the camera opens only once 'Concordo' is \
ticked`, async () => {
    const calls = serveFaces();
    const { user } = await openFace();
    const consent = await screen.findByRole('region', { name: 'Antes da selfie' });
    expect(consent).toHaveTextContent('dado biométrico, um dado pessoal sensível (LGPD, art. 11)');
    expect(consent).toHaveTextContent('A imagem da selfie é apagada na hora: nunca é guardada.');
    expect(consent).toHaveTextContent('ficam guardados por 24 horas no máximo');
    expect(consent).toHaveTextContent('toque em "Apagar minhas fotos", aqui mesmo, quando quiser');
    expect(consent).toHaveTextContent('até você pedir para voltar a aparecer (no máximo 394 dias)');
    // The step's heading has the focus: a screen reader starts reading there.
    expect(screen.getByRole('heading', { name: 'Antes da selfie' })).toHaveFocus();
    const agreed = screen.getByRole('checkbox', { name: 'Concordo' });
    expect(agreed).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Abrir a câmera' })).toBeDisabled();
    expect(mockProps).not.toHaveBeenCalled();

    await user.click(agreed);
    await user.click(agreed);
    expect(screen.getByRole('button', { name: 'Abrir a câmera' })).toBeDisabled();
    await user.click(agreed);
    await user.click(screen.getByRole('button', { name: 'Abrir a câmera' }));
    const take = await takeImage();
    await waitFor(() => expect(take).toBeEnabled());
    expect(calls.uploads).toEqual([]);
  });

  it('takes a 640 px JPEG of quality 0.85 and shows it before anything is sent', async () => {
    const calls = serveFaces();
    const { user } = await openFace();
    await agree(user);
    await user.click(await takeImage());

    expect(mockProps).toHaveBeenCalledWith(
      expect.objectContaining({ screenshotFormat: 'image/jpeg', screenshotQuality: 0.85, audio: false }),
    );
    expect(mockScreenshot).toHaveBeenCalledWith({ width: 640, height: 480 });
    expect(preview()).toHaveAttribute('src', SHOT);
    expect(screen.getByRole('button', { name: 'Procurar minhas fotos' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Take image' })).not.toBeInTheDocument();
    await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
    expect(calls.uploads).toEqual([]);
  });

  it("keeps 'Take image' off until the camera shows a picture", async () => {
    mockCamera.answer = 'pending';
    serveFaces();
    const { user } = await openFace();
    await agree(user);
    expect(await takeImage()).toBeDisabled();
    expect(mockScreenshot).not.toHaveBeenCalled();
  });

  it('asks for the camera permission when it is refused', async () => {
    mockCamera.answer = 'NotAllowedError';
    serveFaces();
    const { user } = await openFace();
    await agree(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Permita o acesso à câmera para tirar a foto.');
    expect(screen.queryByRole('button', { name: 'Take image' })).not.toBeInTheDocument();
    // A refusal is remembered by the browser: the steps to undo it, on both phones.
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No Android (Chrome)' })).toBeInTheDocument();
    expect(within(alert).getByRole('heading', { name: 'No iPhone (Safari)' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Toque em Permissões e ligue a Câmera');
    expect(alert).toHaveTextContent('Toque em Ajustes do Site, depois em Câmera, e escolha Permitir.');
  });

  it.each(['NotFoundError', 'NotReadableError'] as const)(
    'says there is no camera on %s, and can try again',
    async (error) => {
      mockCamera.answer = error;
      serveFaces();
      const { user } = await openFace();
      await agree(user);
      expect(await screen.findByRole('alert')).toHaveTextContent('Não encontramos uma câmera neste aparelho.');
      mockCamera.answer = 'allowed';
      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(await takeImage()).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );
});
