import './print.css';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId } from 'react';
import { apiErrorStatus } from '../../api/apiError';
import { isPrintable } from '../../../contract/mediaPath';
import { latestPrintOf } from '../../lib/offlineQueue';
import {
  useAppDispatch,
  useAppSelector,
  selectPendingPrints,
  selectTrackedPrints,
  warmOutboxStorage,
} from '../../session';
import { PrintIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { reloadPage } from '../../ui/pageReload';
import { PackChooser } from './PackChooser';
import { printApi, useGetPrintStatusQuery } from './printApi';
import './printFlow';
import { PrintedOverlay } from './PrintedOverlay';
import { printMoment } from './printMoment';
import { PrintStatus } from './PrintStatus';
import {
  overlayClosed,
  packChosen,
  printClosed,
  printOpened,
  repeatAsked,
  repeatConfirmed,
  selectPrint,
  type RepeatReason,
} from './printSlice';

const REPEAT_TEXT: Record<RepeatReason, string> = {
  printed: 'Esta foto já foi impressa. Outra impressão usa mais uma cópia do seu pack.',
  onItsWay: 'Esta foto já está a caminho da impressora. Outra impressão usa mais uma cópia do seu pack.',
  pending: 'Esta foto já espera a conexão para ser impressa. Outra impressão usa mais uma cópia do seu pack.',
};

/** How often a job still on its way to the printer is asked about while the page is open. */
const PRINT_STATUS_POLL_MS = 3_000;

interface PrintWidgetProps {
  printId: string;
  /**
   * The pack this screen prints with (the pack page): the tap sends the print with it,
   * without the chooser (which then offers that pack alone, to try again or after 'Imprimir
   * outra cópia').
   */
  pack?: { hash: string; copies: number };
  /** A large button that says 'Imprimir', not the icon of an image's viewer. */
  big?: boolean;
}

/**
 * The print icon of an image, its modal and its success overlay; hidden for .gif and .mp4. Beside
 * it, the state of the guest's latest print of the image. Once printed, on its way to the printer
 * or waiting for the connection, another copy needs a confirmation that says so: a second tap
 * never prints twice by accident, and a slow queue or a printer that is down never locks it.
 */
export function PrintWidget({ printId, pack, big = false }: PrintWidgetProps) {
  const dispatch = useAppDispatch();
  const statusId = useId();
  // A print asked for once the venue's Wi-Fi drops is kept without downloading anything then.
  useEffect(warmOutboxStorage, []);
  const print = useAppSelector(selectPrint);
  const printable = isPrintable(printId);
  const pending = useAppSelector(selectPendingPrints).some((item) => item.printId === printId);
  const latest = useAppSelector((state) => latestPrintOf(selectTrackedPrints(state), printId));
  const args = printable && latest ? { packHash: latest.packHash, requestId: latest.requestId } : skipToken;
  // Polling ends with the job (once printed or failed, the answer will not change any more), or when the
  // server does not know the request.
  const settled = useAppSelector((state) => {
    if (args === skipToken) return true;
    const { data, error } = printApi.endpoints.getPrintStatus.select(args)(state);
    return data?.status === 'printed' || data?.status === 'failed' || apiErrorStatus(error) === 404;
  });
  const job = useGetPrintStatusQuery(args, { pollingInterval: settled ? 0 : PRINT_STATUS_POLL_MS });
  const printed = job.data?.status === 'printed';
  const failed = job.data?.status === 'failed';
  const stillOnItsWay = latest !== null && !printed && !failed && (job.data !== undefined || job.isLoading);
  if (!printable) return null;
  const mine = print.status !== 'closed' && print.printId === printId;
  const reason: RepeatReason | null = pending ? 'pending' : stillOnItsWay ? 'onItsWay' : printed ? 'printed' : null;
  // The machine's own steps, the chooser's tap made by the screen that already knows the pack.
  const open = () => {
    if (reason) return dispatch(repeatAsked({ printId, reason }));
    dispatch(printOpened(printId));
    if (pack) dispatch(packChosen(pack));
  };
  const confirmRepeat = () => {
    dispatch(repeatConfirmed());
    if (pack) dispatch(packChosen(pack));
  };

  return (
    <>
      <button
        type="button"
        className={big ? 'button button--big print__big' : 'icon-button'}
        aria-label="Imprimir"
        aria-describedby={pending || job.currentData ? statusId : undefined}
        onClick={open}
      >
        <PrintIcon />
        {big && <span aria-hidden="true">Imprimir</span>}
      </button>
      {/* This print's own status (never the one before it while it is asked for), as the overlay reads it. */}
      {(pending || (latest && job.currentData)) && (
        <PrintStatus id={statusId} pending={pending} job={job.currentData} />
      )}
      {mine && print.status === 'confirming' && (
        <Modal title="Imprimir outra cópia?" onClose={() => dispatch(printClosed())}>
          <p>{REPEAT_TEXT[print.reason]}</p>
          <div className="print__confirm">
            <button type="button" className="button" onClick={confirmRepeat}>
              Imprimir outra cópia
            </button>
            <button type="button" className="button button--secondary" onClick={() => dispatch(printClosed())}>
              Cancelar
            </button>
          </div>
        </Modal>
      )}
      {mine && (print.status === 'choosing' || print.status === 'sending') && (
        <Modal title="Imprimir" onClose={() => dispatch(printClosed())}>
          <PackChooser
            busy={print.status === 'sending'}
            error={print.status === 'choosing' ? print.error : null}
            only={pack?.hash}
          />
        </Modal>
      )}
      {mine && print.status === 'printed' && (
        <PrintedOverlay
          // The print's own status once it answers, as the line beside the icon says it; the print's answer until then.
          moment={printMoment(job.currentData ?? print.reply)}
          copiesLeft={job.currentData?.copies ?? print.copies}
          onClose={() => {
            dispatch(overlayClosed());
            reloadPage();
          }}
        />
      )}
    </>
  );
}
