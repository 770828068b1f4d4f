import { renderHook } from '@testing-library/react';
import type { LiveVersion } from '../../../src/api/liveVersion';
import { useRefetchOnLiveChange } from '../../../src/ui/useRefetchOnLiveChange';

/**
 * The hook over a list query the test drives: what the stream says, the list's version, whether a call is on its way.
 */
function follow(initial: {
  live: LiveVersion;
  shown: string | null | undefined;
  isFetching?: boolean;
  skip?: boolean;
}) {
  const refetch = jest.fn();
  const view = renderHook(
    (props: typeof initial) =>
      useRefetchOnLiveChange(props.live, {
        shown: props.shown,
        isFetching: props.isFetching ?? false,
        refetch,
        skip: props.skip,
      }),
    {
      initialProps: initial,
    },
  );
  return { refetch, rerender: view.rerender };
}

const stream = (version: string | null, closed = false): LiveVersion => ({ live: true, version, closed });

it('asks again when the stream says a version the list does not carry, and not when they agree', () => {
  const { refetch, rerender } = follow({ live: stream('v1'), shown: 'v1' });
  expect(refetch).not.toHaveBeenCalled();
  rerender({ live: stream('v2'), shown: 'v1' });
  expect(refetch).toHaveBeenCalledTimes(1);
  rerender({ live: stream('v2'), shown: 'v2' });
  expect(refetch).toHaveBeenCalledTimes(1);
});

it('waits while a call is on its way, then compares again with what it brought', () => {
  const { refetch, rerender } = follow({ live: stream('v1'), shown: 'v1', isFetching: true });
  rerender({ live: stream('v2'), shown: 'v1', isFetching: true });
  expect(refetch).not.toHaveBeenCalled();
  // The poll on its way read the list just before the change: back with v1, it is asked again.
  rerender({ live: stream('v2'), shown: 'v1', isFetching: false });
  expect(refetch).toHaveBeenCalledTimes(1);
});

it('asks nothing before the first answer, or while skipped', () => {
  const { refetch, rerender } = follow({ live: stream('v2'), shown: undefined });
  rerender({ live: stream('v3'), shown: undefined });
  rerender({ live: stream('v4', true), shown: 'v1', skip: true });
  expect(refetch).not.toHaveBeenCalled();
});

it('asks once when the stream closes, not in a loop when the list still opens', () => {
  const { refetch, rerender } = follow({ live: stream('v1'), shown: 'v1' });
  rerender({ live: stream('v1', true), shown: 'v1' });
  rerender({ live: stream('v1', true), shown: 'v1', isFetching: true });
  rerender({ live: stream('v1', true), shown: 'v1', isFetching: false });
  expect(refetch).toHaveBeenCalledTimes(1);
  // A new stream, closed again later: asked once more.
  rerender({ live: stream('v1'), shown: 'v1' });
  rerender({ live: stream('v1', true), shown: 'v1' });
  expect(refetch).toHaveBeenCalledTimes(2);
});

it('asks once when the stream closes though its last version differs from the list, then no more', () => {
  // A photo landed just before the close; the list asked again is refused and keeps its old version.
  const { refetch, rerender } = follow({ live: stream('v1'), shown: 'v1' });
  rerender({ live: stream('v2', true), shown: 'v1' });
  rerender({ live: stream('v2', true), shown: 'v1', isFetching: true });
  rerender({ live: stream('v2', true), shown: 'v1', isFetching: false });
  rerender({ live: stream('v2', true), shown: 'v0', isFetching: false });
  expect(refetch).toHaveBeenCalledTimes(1);
});

it('asks a list of unknown version once per news, not in a loop', () => {
  const { refetch, rerender } = follow({ live: stream('v1'), shown: null });
  expect(refetch).toHaveBeenCalledTimes(1);
  rerender({ live: stream('v1'), shown: null, isFetching: true });
  rerender({ live: stream('v1'), shown: null, isFetching: false });
  expect(refetch).toHaveBeenCalledTimes(1);
  rerender({ live: stream('v2'), shown: null });
  expect(refetch).toHaveBeenCalledTimes(2);
});
