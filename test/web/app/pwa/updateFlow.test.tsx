import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePrompt } from '../../../../src/app/pwa/PwaStatus';
import { updateFlow, type WorkerLifecycle } from '../../../../src/app/pwa/updateFlow';

/** A service worker's life as serviceWorkerLifecycle reports it, driven by the test. */
function fakeWorker() {
  const waiting: (() => void)[] = [];
  const controlling: ((event: { isUpdate?: boolean }) => void)[] = [];
  const worker = {
    messageSkipWaiting: jest.fn(),
    addEventListener: ((type: string, listener: never) => {
      if (type === 'waiting') waiting.push(listener);
      else controlling.push(listener);
    }) as WorkerLifecycle['addEventListener'],
    newReleaseWaits: () => act(() => waiting.forEach((l) => l())),
    takesControl: (isUpdate: boolean) => act(() => controlling.forEach((l) => l({ isUpdate }))),
  };
  return worker;
}

it("a waiting release is offered, takes over on 'Atualizar', and the page reloads once it controls it", async () => {
  const worker = fakeWorker();
  const reload = jest.fn();
  render(<UpdatePrompt updates={updateFlow(worker, reload)} />);
  expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument();

  worker.newReleaseWaits();
  await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
  expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
  // Not before the new release controls the page: else it would reload into the old one.
  expect(reload).not.toHaveBeenCalled();

  worker.takesControl(true);
  expect(reload).toHaveBeenCalledTimes(1);
  worker.takesControl(true);
  expect(reload).toHaveBeenCalledTimes(1);
});

it('the first install taking the page reloads nothing and offers nothing', () => {
  const worker = fakeWorker();
  const reload = jest.fn();
  render(<UpdatePrompt updates={updateFlow(worker, reload)} />);
  worker.takesControl(false);
  expect(reload).not.toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();
});

it('a release another tab let in is not reloaded into unasked; here Atualizar just reloads', async () => {
  const worker = fakeWorker();
  const reload = jest.fn();
  render(<UpdatePrompt updates={updateFlow(worker, reload)} />);
  worker.newReleaseWaits();
  worker.takesControl(true);
  expect(reload).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
  expect(worker.messageSkipWaiting).not.toHaveBeenCalled();
  expect(reload).toHaveBeenCalledTimes(1);
});
