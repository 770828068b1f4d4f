/** Icons drawn here (no icon font to download); each is decorative: the button names the action. */

const common = { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function PrintIcon() {
  return (
    <svg {...common}>
      <path
        d="M7 8V3h10v5M7 17H4v-7h16v7h-3M7 14h10v7H7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ShareIcon() {
  return (
    <svg {...common}>
      <path
        d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function QrIcon() {
  return (
    <svg {...common}>
      <path
        d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="10" fill="rgba(0,0,0,.55)" />
      <path d="M10 8l6 4-6 4z" fill="#fff" />
    </svg>
  );
}

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg {...common}>
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
