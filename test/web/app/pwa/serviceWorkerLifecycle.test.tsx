import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePrompt } from '../../../../src/app/pwa/PwaStatus';
import { serviceWorkerLifecycle, type WorkerContainer } from '../../../../src/app/pwa/serviceWorkerLifecycle';
import { updateFlow } from '../../../../src/app/pwa/updateFlow';

/** A service worker as the browser reports it: a state, its changes, and messages to it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = jest.fn();
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** A new release is found: it installs, then waits (or, with nobody in control, activates). */
  newRelease(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

/** navigator.serviceWorker, driven by the test: `controlled` is whether a worker runs this page. */
function fakeContainer({
  controlled,
  registration = new FakeRegistration(),
}: {
  controlled: boolean;
  registration?: FakeRegistration;
}) {
  const target = new EventTarget();
  const container = {
    controller: controlled ? new FakeWorker() : null,
    register: jest.fn(async () => registration),
    addEventListener: target.addEventListener.bind(target),
    takesControl() {
      container.controller = new FakeWorker();
      target.dispatchEvent(new Event('controllerchange'));
    },
  };
  return { container, registration };
}

/** The update prompt over the page's own service worker API, as startPwa wires it. */
async function start(container: ReturnType<typeof fakeContainer>['container']) {
  const reload = jest.fn();
  const lifecycle = serviceWorkerLifecycle(container as unknown as WorkerContainer, '/sw.js');
  render(<UpdatePrompt updates={updateFlow(lifecycle, reload)} />);
  await act(() => lifecycle.register());
  return { reload };
}

it('registers /sw.js for the whole site', async () => {
  const { container } = fakeContainer({ controlled: false });
  await start(container);
  expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
});

it(`offers a release that installs while another controls the page; Atualizar lets it take over, and the page reloads \
once it has`, async () => {
  const { container, registration } = fakeContainer({ controlled: true });
  const { reload } = await start(container);
  const release = registration.newRelease();
  act(() => release.becomes('installed'));
  registration.waiting = release;

  await userEvent.click(await screen.findByRole('button', { name: 'Atualizar' }));
  expect(release.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  expect(reload).not.toHaveBeenCalled();
  act(() => container.takesControl());
  expect(reload).toHaveBeenCalledTimes(1);
});

it('offers a release that was already waiting when the page opened', async () => {
  const registration = new FakeRegistration();
  registration.waiting = new FakeWorker();
  registration.waiting.state = 'installed';
  const { container } = fakeContainer({ controlled: true, registration });
  await start(container);
  expect(await screen.findByRole('button', { name: 'Atualizar' })).toBeInTheDocument();
});

it(`the first install (nobody controlled the page) offers nothing and reloads nothing when it takes the \
page`, async () => {
  const { container, registration } = fakeContainer({ controlled: false });
  const { reload } = await start(container);
  const first = registration.newRelease();
  act(() => first.becomes('installed'));
  act(() => first.becomes('activated'));
  act(() => container.takesControl());
  expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
});
