import { PAUSE_MS, whenVisitorPauses } from '../../../../src/app/pwa/visitorPause';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('whenVisitorPauses', () => {
  it('runs the task once the visitor has done nothing for a pause, once', () => {
    const task = jest.fn();
    whenVisitorPauses(task);
    jest.advanceTimersByTime(PAUSE_MS - 1);
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(PAUSE_MS * 3);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits while the visitor taps, types and scrolls, and runs a pause after the last of it', () => {
    const task = jest.fn();
    whenVisitorPauses(task);
    for (const type of ['pointerdown', 'keydown', 'scroll', 'touchstart', 'wheel']) {
      jest.advanceTimersByTime(PAUSE_MS - 500);
      document.body.dispatchEvent(new Event(type, { bubbles: type !== 'scroll' }));
      window.dispatchEvent(new Event(type));
    }
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(PAUSE_MS - 1);
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('hears a scroll of any element (scroll does not bubble: it is caught on its way down)', () => {
    const task = jest.fn();
    whenVisitorPauses(task);
    const list = document.createElement('div');
    document.body.append(list);
    jest.advanceTimersByTime(PAUSE_MS - 100);
    list.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(200);
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(PAUSE_MS);
    expect(task).toHaveBeenCalledTimes(1);
    list.remove();
  });

  it('does nothing once cancelled', () => {
    const task = jest.fn();
    const cancel = whenVisitorPauses(task);
    cancel();
    jest.advanceTimersByTime(PAUSE_MS * 2);
    expect(task).not.toHaveBeenCalled();
  });
});
