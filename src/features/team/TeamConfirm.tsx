import { Modal } from '../../ui/Modal';

interface TeamConfirmProps {
  title: string;
  question: string;
  confirmLabel: string;
  /** While the action runs: its button waits. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The second look before a team action that cannot be undone (a payment settled, a device's key replaced). */
export function TeamConfirm({ title, question, confirmLabel, busy, onConfirm, onCancel }: TeamConfirmProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p>{question}</p>
      <div className="orders__actions">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </Modal>
  );
}
