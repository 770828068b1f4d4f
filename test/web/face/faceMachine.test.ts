import {
  cameraFailed,
  cameraProblemOf,
  cameraRequested,
  cameraStarted,
  faceSlice,
  imageCaptured,
  sendFailed,
  sendRequested,
  sendSucceeded,
  type FaceState,
} from '../../../src/features/face/faceSlice';
import { describeMachineGrid } from '../../support/machineGrid';

const IMAGE = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const OTHER = 'data:image/jpeg;base64,/9j/OTHER==';

const states: Record<FaceState['status'], FaceState> = {
  starting: { status: 'starting' },
  camera: { status: 'camera' },
  captured: { status: 'captured', image: IMAGE },
  sending: { status: 'sending', image: IMAGE },
  sent: { status: 'sent' },
  failed: { status: 'failed', image: IMAGE, message: 'Imagem inválida.' },
  cameraError: { status: 'cameraError', problem: 'denied' },
};

const events = {
  cameraStarted: cameraStarted(),
  cameraDenied: cameraFailed('denied'),
  cameraMissing: cameraFailed('missing'),
  captured: imageCaptured(OTHER),
  capturedNothing: imageCaptured('data:,'),
  capturedNotAnImage: imageCaptured('data:text/html;base64,PHA+'),
  sendRequested: sendRequested(),
  sendSucceeded: sendSucceeded(),
  sendFailed: sendFailed('Sem conexão com o servidor. Tente novamente.'),
  cameraRequested: cameraRequested(),
};

const starting = { status: 'starting' } as const;

// Per state, the events that move it; every other event leaves it as it is.
describeMachineGrid('the face capture machine', faceSlice, states, events, {
  starting: {
    cameraStarted: { status: 'camera' },
    cameraDenied: { status: 'cameraError', problem: 'denied' },
    cameraMissing: { status: 'cameraError', problem: 'missing' },
  },
  camera: {
    cameraDenied: { status: 'cameraError', problem: 'denied' },
    cameraMissing: { status: 'cameraError', problem: 'missing' },
    captured: { status: 'captured', image: OTHER },
  },
  captured: { sendRequested: { status: 'sending', image: IMAGE }, cameraRequested: starting },
  sending: {
    sendSucceeded: { status: 'sent' },
    sendFailed: { status: 'failed', image: IMAGE, message: 'Sem conexão com o servidor. Tente novamente.' },
  },
  sent: { cameraRequested: starting },
  failed: { sendRequested: { status: 'sending', image: IMAGE }, cameraRequested: starting },
  cameraError: { cameraRequested: starting },
});

describe('what a camera failure means', () => {
  it.each([
    ['NotAllowedError', new DOMException('Permission denied', 'NotAllowedError'), 'denied'],
    ['SecurityError', new DOMException('Insecure context', 'SecurityError'), 'denied'],
    ['NotFoundError', new DOMException('Requested device not found', 'NotFoundError'), 'missing'],
    ['NotReadableError', new DOMException('Could not start video source', 'NotReadableError'), 'missing'],
    ['a text', 'getUserMedia not supported', 'missing'],
  ])('%s: %s', (_name, error, problem) => {
    expect(cameraProblemOf(error)).toBe(problem);
  });
});
