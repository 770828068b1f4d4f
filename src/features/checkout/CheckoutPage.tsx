import './checkout.css';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { apiErrorStatus, errorMessage } from '../../api/apiError';
import type { CustomerForm } from '../../lib/checkoutValidation';
import { discountedTotal } from '../../../contract/pricing';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { selectAgent, useAppDispatch, useAppSelector, useSession } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { OrderProgress, type KnownOrder } from '../account';
import { selectCartTotals, selectPricedLines, useCartPersistence, useGetShopQuery } from '../shop';
import { CardPanel, type CardOutcome } from './CardPanel';
import './checkoutFlow';
import {
  anotherCardRequested,
  checkoutReset,
  formReopened,
  isChoosing,
  isPixPanel,
  methodChosen,
  paymentRequested,
  selectCheckout,
  submitted,
  type CheckoutState,
} from './checkoutSlice';
import { CustomerFields, EMPTY_CUSTOMER } from './CustomerFields';
import { OrderSummary } from './OrderSummary';
import { PixPanel } from './PixPanel';

// The shop's button says 'Checkout' (docs/product.md#texts-kept-as-written); the page it opens says what it is in
// Portuguese.
const TITLE = 'Finalizar compra';
const ORDER_REGISTERED = 'Pedido registrado com sucesso!';
const ORDERS_SECTION = withQuery(ROUTES.account, { secao: 'pedidos' });

/** What the checkout's answers told of the registered order: shown at once, until the server is asked again. */
function knownOrder(machine: Extract<CheckoutState, { status: 'registered' }>): KnownOrder {
  return {
    status: machine.orderStatus,
    paymentMethod: machine.method,
    amount: machine.pix?.amount,
    pixCode: machine.pix?.code,
  };
}

/** What the card's last 'Finalizar pedido' came to, said beside that button. */
function cardOutcome(machine: CheckoutState): CardOutcome | null {
  if (machine.status === 'refused') return { message: machine.message, refused: true };
  if (machine.status === 'card' && machine.error) return { message: machine.error, refused: false };
  return null;
}

/** docs/product.md#checkout: without a coupon nothing is shown. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const coupon = params.get('coupon')?.trim() ?? '';
  if (coupon === '') return null;
  return <Checkout coupon={coupon} />;
}

/**
 * The checkout as its machine tells it (checkoutSlice; the calls, alerts and the wait before the
 * account are the flow's, checkoutFlow.ts). The form's fields are the screen's own until payment
 * is requested, when they travel with the event and freeze.
 */
function Checkout({ coupon }: { coupon: string }) {
  const dispatch = useAppDispatch();
  // Who is signed in decides where a registered order waits (the flow reads it): it is followed from here.
  const { identity } = useSession();
  const agent = useAppSelector(selectAgent);
  const shop = useGetShopQuery(agent ? { coupon, agent } : skipToken);
  const lines = useAppSelector(selectPricedLines);
  const cartTotals = useAppSelector(selectCartTotals);
  const machine = useAppSelector(selectCheckout);
  const [customer, setCustomer] = useState<CustomerForm>(EMPTY_CUSTOMER);
  // The cart emptied by a registered order stays empty after a reload.
  useCartPersistence();

  // The coupon of this page decides the discount, as the server will when it prices the order.
  const discount = shop.data?.discount ?? 0;
  const totals = useMemo(
    () => ({ total: cartTotals.total, discount, discounted: discountedTotal(cartTotals.total, discount) }),
    [cartTotals.total, discount],
  );

  // Leaving the page mid-way starts the next visit from the form.
  useEffect(() => () => void dispatch(checkoutReset()), [dispatch]);

  // The account after an order (docs/product.md#checkout): signed in, opened on the orders, where this one goes on
  // being followed.
  if (machine.status === 'finished')
    return <Navigate to={identity.status === 'signedIn' ? ORDERS_SECTION : ROUTES.account} />;

  if (machine.status === 'registered') {
    return (
      <ScreenFrame title={TITLE} className="checkout">
        {/* The product's words (docs/product.md#checkout), then where the payment stands, in one live region
        (OrderProgress's). */}
        <OrderProgress orderId={machine.order.orderId} known={knownOrder(machine)} lead={ORDER_REGISTERED} />
      </ScreenFrame>
    );
  }

  if (shop.isError) {
    return (
      <ScreenFrame title={TITLE} className="checkout">
        {apiErrorStatus(shop.error) === 404 ? (
          <p role="alert">{errorMessage(shop.error)}</p>
        ) : (
          <LoadError message={errorMessage(shop.error)} onRetry={() => void shop.refetch()} />
        )}
      </ScreenFrame>
    );
  }

  if (lines.length === 0) {
    return (
      <ScreenFrame title={TITLE} className="checkout">
        <p>Seu carrinho está vazio.</p>
        <Link to={`${ROUTES.shop}?coupon=${encodeURIComponent(coupon)}`}>Escolher produtos na loja</Link>
      </ScreenFrame>
    );
  }

  const busy = machine.status === 'submitting';

  return (
    <ScreenFrame title={TITLE} className="checkout">
      {shop.isLoading && <p role="status">Carregando...</p>}
      <OrderSummary lines={lines} totals={totals} />

      <CustomerFields value={customer} onChange={setCustomer} disabled={machine.status !== 'form'} />
      {machine.status === 'form' && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => dispatch(paymentRequested({ coupon, customer, lines, total: totals.discounted }))}
        >
          Ir para pagamento
        </button>
      )}

      {isChoosing(machine) && (
        <>
          <button type="button" className="link-button" onClick={() => dispatch(formReopened())}>
            Alterar dados
          </button>
          <div className="checkout__methods" role="group" aria-label="Forma de pagamento">
            <button
              type="button"
              className="button"
              aria-pressed={machine.status === 'card'}
              onClick={() => dispatch(methodChosen('card'))}
            >
              Pagar com Cartão de Crédito
            </button>
            <button
              type="button"
              className="button"
              aria-pressed={isPixPanel(machine)}
              onClick={() => dispatch(methodChosen('pix'))}
            >
              Pagar com Pix
            </button>
          </div>
        </>
      )}

      {(machine.status === 'card' || machine.status === 'refused' || busy) && (
        <CardPanel
          total={totals.discounted}
          busy={busy}
          outcome={cardOutcome(machine)}
          onFinish={(card) => {
            // After a refusal the customer may just correct the card and finish again.
            if (machine.status === 'refused') dispatch(anotherCardRequested());
            dispatch(submitted(card));
          }}
          onAnotherCard={() => dispatch(anotherCardRequested())}
        />
      )}
      {isPixPanel(machine) && <PixPanel state={machine} />}
    </ScreenFrame>
  );
}
