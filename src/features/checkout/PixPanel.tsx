import { formatReais } from '../../lib/money';
import { useAppDispatch } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { PixCode } from '../../ui/PixCode';
import { pixRetried, submitted, type PixPanelState } from './checkoutSlice';

/**
 * SPEC section 2's Pix panel, as the checkout machine tells it: the order is placed as the panel
 * opens (checkoutFlow.ts), and its code comes from the server's priced order (the provider's
 * `qr_code`, or the local BR Code), so the amount in it is the one the server expects.
 */
export function PixPanel({ state }: { state: PixPanelState }) {
  const dispatch = useAppDispatch();
  const code = state.status === 'pix' ? state.pix.code : '';

  return (
    <section className="checkout__panel" aria-labelledby="pix-panel-title">
      <h2 id="pix-panel-title">Pix</h2>
      {state.status === 'pixLoading' && <p role="status">Gerando o código Pix...</p>}
      {state.status === 'pixFailed' && <LoadError message={state.message} onRetry={() => dispatch(pixRetried())} />}
      {state.status === 'pix' && code !== '' && (
        <>
          <p>
            Valor: <strong>{formatReais(state.pix.amount)}</strong>
          </p>
          <PixCode code={code} qrLabel="QR code do Pix deste pedido" copyLabel="Copiar chave" />
          <button type="button" className="button button--primary" onClick={() => dispatch(submitted(null))}>
            Finalizar pedido
          </button>
        </>
      )}
    </section>
  );
}
