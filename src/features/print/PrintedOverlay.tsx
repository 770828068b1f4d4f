import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/Modal';

const copiesText = (copies: number) => (copies === 1 ? 'Resta 1 cópia no seu pacote.' : `Restam ${copies} cópias no seu pacote.`);

/** The success overlay (SPEC section 2): its image or its close icon closes it; its words say what happened. */
export function PrintedOverlay({ onClose, copiesLeft }: { onClose: () => void; copiesLeft: number }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return createPortal(
    <div className="print-overlay" role="dialog" aria-modal="true" aria-label="Impressão enviada">
      <button ref={close} type="button" className="icon-button print-overlay__close" aria-label="Fechar" onClick={onClose}>
        <CloseIcon />
      </button>
      <button type="button" className="print-overlay__image" onClick={onClose}>
        <svg viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="Impressão enviada">
          <circle cx="100" cy="100" r="92" fill="#6d28d9" />
          <rect x="55" y="48" width="90" height="38" rx="4" fill="#fff" />
          <rect x="40" y="82" width="120" height="56" rx="10" fill="#1b1530" />
          <rect x="60" y="118" width="80" height="52" rx="3" fill="#fff" />
          <path d="M78 144l14 14 30-30" fill="none" stroke="#16a34a" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div className="print-overlay__text" role="status">
        <p className="print-overlay__title">Impressão enviada!</p>
        <p>Sua foto está na fila da impressora da cabine: é só retirar lá.</p>
        <p>{copiesText(copiesLeft)}</p>
      </div>
    </div>,
    document.body,
  );
}
