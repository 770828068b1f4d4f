import {
  cameraFailed,
  cameraProblemOf,
  cameraRequested,
  cameraStarted,
  faceClosed,
  faceSlice,
  imageCaptured,
  sendFailed,
  sendRequested,
  sendSucceeded,
  type FaceState,
} from '../../../../src/features/face/faceSlice';
import {
  deletionAsked,
  deletionCancelled,
  deletionConfirmed,
  deletionFailed,
  faceDeletionSlice,
  facesDeleted,
  type FaceDeletionState,
} from '../../../../src/features/face/faceDeletionSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

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
  faceClosed: faceClosed(),
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
// Closing the screen makes the next visit start with the camera, unless a capture is on its way.
describeMachineGrid('the face capture machine', faceSlice, states, events, {
  starting: {
    cameraStarted: { status: 'camera' },
    cameraDenied: { status: 'cameraError', problem: 'denied' },
    cameraMissing: { status: 'cameraError', problem: 'missing' },
  },
  camera: {
    faceClosed: starting,
    cameraDenied: { status: 'cameraError', problem: 'denied' },
    cameraMissing: { status: 'cameraError', problem: 'missing' },
    captured: { status: 'captured', image: OTHER },
  },
  captured: { faceClosed: starting, sendRequested: { status: 'sending', image: IMAGE }, cameraRequested: starting },
  sending: {
    sendSucceeded: { status: 'sent' },
    sendFailed: { status: 'failed', image: IMAGE, message: 'Sem conexão com o servidor. Tente novamente.' },
  },
  sent: { faceClosed: starting, cameraRequested: starting },
  failed: { faceClosed: starting, sendRequested: { status: 'sending', image: IMAGE }, cameraRequested: starting },
  cameraError: { faceClosed: starting, cameraRequested: starting },
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

const deletionStates: Record<FaceDeletionState['status'], FaceDeletionState> = {
  idle: { status: 'idle' },
  confirming: { status: 'confirming' },
  deleting: { status: 'deleting' },
  deleted: { status: 'deleted' },
  failed: { status: 'failed', message: 'Sem conexão com o servidor. Tente novamente.' },
};

const deletionEvents = {
  asked: deletionAsked(),
  cancelled: deletionCancelled(),
  confirmed: deletionConfirmed(),
  deleted: facesDeleted(),
  failed: deletionFailed('Erro 500'),
  screenClosed: faceClosed(),
};

const idle = { status: 'idle' } as const;
const confirming = { status: 'confirming' } as const;

// 'Apagar minhas fotos de rosto': a second look, then the deletion; closing the screen forgets
// what was said, but not a deletion on its way.
describeMachineGrid(
  'the face deletion machine',
  faceDeletionSlice,
  deletionStates,
  deletionEvents,
  {
    idle: { asked: confirming },
    confirming: { cancelled: idle, confirmed: { status: 'deleting' }, screenClosed: idle },
    deleting: { deleted: { status: 'deleted' }, failed: { status: 'failed', message: 'Erro 500' } },
    deleted: { asked: confirming, screenClosed: idle },
    failed: { asked: confirming, screenClosed: idle },
  },
  [faceClosed],
);
