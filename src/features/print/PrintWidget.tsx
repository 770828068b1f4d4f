import './print.css';
import { isPrintable } from '../../lib/mediaPath';
import { useAppDispatch, useAppSelector } from '../../session';
import { PrintIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { reloadPage } from '../../ui/pageReload';
import { PackChooser } from './PackChooser';
import { PrintedOverlay } from './PrintedOverlay';
import { overlayClosed, printClosed, printOpened, selectPrint } from './printSlice';

/** The print icon of an image, its modal and its success overlay. Hidden for .gif and .mp4. */
export function PrintWidget({ printId }: { printId: string }) {
  const dispatch = useAppDispatch();
  const print = useAppSelector(selectPrint);
  if (!isPrintable(printId)) return null;
  const mine = print.status !== 'closed' && print.printId === printId;

  return (
    <>
      <button type="button" className="icon-button" aria-label="Imprimir" onClick={() => dispatch(printOpened(printId))}>
        <PrintIcon />
      </button>
      {mine && (print.status === 'choosing' || print.status === 'sending') && (
        <Modal title="Imprimir" onClose={() => dispatch(printClosed())}>
          <PackChooser busy={print.status === 'sending'} error={print.status === 'choosing' ? print.error : null} />
        </Modal>
      )}
      {mine && print.status === 'printed' && (
        <PrintedOverlay
          copiesLeft={print.copies}
          onClose={() => {
            dispatch(overlayClosed());
            reloadPage();
          }}
        />
      )}
    </>
  );
}
