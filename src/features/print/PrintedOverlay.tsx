import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/Modal';
import type { PrintMoment } from './printMoment';

const copiesText = (copies: number) =>
  copies === 1 ? 'Resta 1 cópia no seu pack.' : `Restam ${copies} cópias no seu pack.`;

/**
 * The success overlay (docs/product.md#print): its image or its close icon closes it. Its words are the
 * print's moment (printMoment.ts), the same the status beside the print icon says, and follow it
 * while it is open: a printer out of paper is never 'é só retirar lá'.
 */
export function PrintedOverlay({
  onClose,
  moment,
  copiesLeft,
}: {
  onClose: () => void;
  moment: PrintMoment;
  copiesLeft: number;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => close.current?.focus(), []);
  return createPortal(
    <div className="print-overlay" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <button
        ref={close}
        type="button"
        className="icon-button print-overlay__close"
        aria-label="Fechar"
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      <button type="button" className="print-overlay__image" onClick={onClose}>
        <svg viewBox="0 0 200 200" width="200" height="200" role="img" aria-label={moment.title}>
          <circle cx="100" cy="100" r="92" fill="#6d28d9" />
          <rect x="55" y="48" width="90" height="38" rx="4" fill="#fff" />
          <rect x="40" y="82" width="120" height="56" rx="10" fill="#1b1530" />
          <rect x="60" y="118" width="80" height="52" rx="3" fill="#fff" />
          <path
            d="M78 144l14 14 30-30"
            fill="none"
            stroke="#16a34a"
            strokeWidth="9"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <div className="print-overlay__text" role="status">
        <p id={titleId} className="print-overlay__title">
          {moment.title}
        </p>
        <p>{moment.detail}</p>
        <p>{copiesText(copiesLeft)}</p>
      </div>
    </div>,
    document.body,
  );
}
