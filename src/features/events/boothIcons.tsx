import type { BoothMode } from '../../../contract/modes';

const PATHS: Record<BoothMode, string> = {
  pad: 'M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm5 15h.01',
  hashtrack: 'M9 3L7 21M17 3l-2 18M4 9h17M3 15h17',
  feed: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  polaroid: 'M5 3h14v18H5zM7 5h10v10H7z',
  boomerang: 'M4 12a8 8 0 0 1 14-5M20 12a8 8 0 0 1-14 5M18 3v4h-4M6 21v-4h4',
  360: 'M12 7c5 0 9 2.2 9 5s-4 5-9 5-9-2.2-9-5M3 12c0-2.8 4-5 9-5M9 14l3 3-3 3',
  nulo: 'M6 6l12 12M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z',
};

export function BoothIcon({ mode }: { mode: BoothMode }) {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        d={PATHS[mode]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
