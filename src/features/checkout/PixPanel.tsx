import { formatReais } from '../../lib/money';
import { useAppDispatch } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { PixCode } from '../../ui/PixCode';
import { pixRetried, submitted, type PixPanelState } from './checkoutSlice';
import { PaymentPanel } from './PaymentPanel';

const PIX_PROGRESS: Record<PixPanelState['status'], string> = {
  pixLoading: 'Gerando o código Pix...',
  pix: 'Código Pix gerado: pague pelo QR code ou pelo Pix copia e cola.',
  // The failure is its own alert, with the way to try again.
  pixFailed: '',
};

/**
 * The Pix panel of docs/product.md#checkout, as the checkout machine tells it: the order is placed as the panel
 * opens (checkoutFlow.ts), and its code comes from the server's priced order (the provider's
 * `qr_code`, or the local BR Code), so the amount in it is the one the server expects. How the
 * code is coming along is said in a status region that is there from the start, so that a screen
 * reader announces the code's arrival.
 */
export function PixPanel({ state }: { state: PixPanelState }) {
  const dispatch = useAppDispatch();
  const code = state.status === 'pix' ? state.pix.code : '';

  return (
    <PaymentPanel title="Pix" stage={state.status}>
      <p role="status">{PIX_PROGRESS[state.status]}</p>
      {state.status === 'pixFailed' && <LoadError message={state.message} onRetry={() => dispatch(pixRetried())} />}
      {state.status === 'pix' && code !== '' && (
        <>
          <p>
            Valor: <strong>{formatReais(state.pix.amount)}</strong>
          </p>
          <PixCode code={code} qrLabel="QR code do Pix deste pedido" copyLabel="Copiar código Pix" />
          <button type="button" className="button button--primary" onClick={() => dispatch(submitted(null))}>
            Finalizar pedido
          </button>
        </>
      )}
    </PaymentPanel>
  );
}
