import './checkout.css';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/apiError';
import { customerProblem, type CustomerForm } from '../../lib/checkoutValidation';
import { discountedTotal } from '../../../contract/pricing';
import { ROUTES } from '../../../contract/routePaths';
import { pendingOrderRecorded, selectAgent, useAppDispatch, useAppSelector, useSession } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { notify } from '../../ui/notify';
import { selectCartTotals, selectPricedLines, useCartPersistence, useGetShopQuery } from '../shop';
import { CardPanel } from './CardPanel';
import {
  anotherCardRequested,
  checkoutReset,
  formReopened,
  methodChosen,
  orderOf,
  paymentRequested,
  selectCheckout,
} from './checkoutSlice';
import { CustomerFields, EMPTY_CUSTOMER } from './CustomerFields';
import { finishOrder, orderPayload, type CardChoice } from './finishOrder';
import { OrderSummary } from './OrderSummary';
import { PixPanel } from './PixPanel';
import { IN_REVIEW_MESSAGE } from '../../lib/paymentMessages';

export const ORDER_REGISTERED = 'Pedido registrado com sucesso!';
/** SPEC section 9: the account opens 2 s after an order. */
export const REDIRECT_AFTER_ORDER_MS = 2_000;

/** SPEC section 2, "Checkout": without a coupon nothing is shown. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const coupon = params.get('coupon')?.trim() ?? '';
  if (coupon === '') return null;
  return <Checkout coupon={coupon} />;
}

function Checkout({ coupon }: { coupon: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useSession();
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

  const order = orderOf(machine);
  const signedIn = session.identity.status === 'signedIn';

  // Leaving the page mid-way starts the next visit from the form.
  useEffect(() => () => void dispatch(checkoutReset()), [dispatch]);

  useEffect(() => {
    if (machine.status !== 'registered') return undefined;
    // The form is gone from the screen while the success message shows, and empty after it.
    const timer = setTimeout(() => {
      setCustomer(EMPTY_CUSTOMER);
      // SPEC section 4: signed out, the transaction and loginRequired are in the cookies before /account.
      if (!signedIn) dispatch(pendingOrderRecorded({ ...machine.order, loginRequired: true }));
      dispatch(checkoutReset());
      navigate(ROUTES.account);
    }, REDIRECT_AFTER_ORDER_MS);
    return () => clearTimeout(timer);
  }, [machine, signedIn, dispatch, navigate]);

  if (machine.status === 'registered') {
    return (
      <main className="checkout">
        <h1>Checkout</h1>
        <p role="status" className="checkout__registered">
          {ORDER_REGISTERED}
        </p>
        {machine.orderStatus === 'pending' && machine.method === 'card' && <p>{IN_REVIEW_MESSAGE}</p>}
        {machine.method === 'pix' && <p>Assim que o Pix for recebido, o pedido aparece como pago em Minha Conta.</p>}
      </main>
    );
  }

  if (shop.isError) {
    const status = 'status' in shop.error ? shop.error.status : null;
    return (
      <main className="checkout">
        <h1>Checkout</h1>
        {status === 404 ? (
          <p role="alert">{errorMessage(shop.error)}</p>
        ) : (
          <LoadError message={errorMessage(shop.error)} onRetry={() => void shop.refetch()} />
        )}
      </main>
    );
  }

  if (lines.length === 0) {
    return (
      <main className="checkout">
        <h1>Checkout</h1>
        <p>Seu carrinho está vazio.</p>
        <Link to={`${ROUTES.shop}?coupon=${encodeURIComponent(coupon)}`}>Escolher produtos na loja</Link>
      </main>
    );
  }

  const busy = machine.status === 'submitting';
  const finishInput = (card: CardChoice | null) => ({ coupon, customer, lines, total: totals.discounted, card });

  return (
    <main className="checkout">
      <h1>Checkout</h1>
      {shop.isLoading && <p role="status">Carregando...</p>}
      <OrderSummary lines={lines} totals={totals} />

      <CustomerFields value={customer} onChange={setCustomer} disabled={machine.status !== 'form'} />
      {machine.status === 'form' ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            const problem = customerProblem(customer);
            if (problem) notify(problem);
            else dispatch(paymentRequested());
          }}
        >
          Ir para pagamento
        </button>
      ) : (
        !busy && (
          <button type="button" className="link-button" onClick={() => dispatch(formReopened())}>
            Alterar dados
          </button>
        )
      )}

      {order && machine.status !== 'submitting' && (
        <div className="checkout__methods" role="group" aria-label="Forma de pagamento">
          <button type="button" className="button" aria-pressed={machine.status === 'card'} onClick={() => dispatch(methodChosen('card'))}>
            Pagar com Cartão de Crédito
          </button>
          <button type="button" className="button" aria-pressed={machine.status === 'pix'} onClick={() => dispatch(methodChosen('pix'))}>
            Pagar com Pix
          </button>
        </div>
      )}

      {(machine.status === 'card' || machine.status === 'pix') && machine.error && <p role="alert">{machine.error}</p>}

      {machine.status === 'refused' && (
        <div className="checkout__refused">
          <p role="alert">{machine.message}</p>
          <button type="button" className="button button--primary" onClick={() => dispatch(anotherCardRequested())}>
            Tentar outro cartão
          </button>
        </div>
      )}

      {(machine.status === 'card' || machine.status === 'refused' || (machine.status === 'submitting' && machine.method === 'card')) && (
        <CardPanel
          total={totals.discounted}
          busy={busy}
          onFinish={(card) => {
            // After a refusal the customer may just correct the card and finish again.
            if (machine.status === 'refused') dispatch(anotherCardRequested());
            void dispatch(finishOrder(finishInput(card)));
          }}
        />
      )}
      {order && (machine.status === 'pix' || (machine.status === 'submitting' && machine.method === 'pix')) && (
        <PixPanel
          coupon={coupon}
          order={orderPayload(finishInput(null), order, 'pix')}
          busy={busy}
          onFinish={() => void dispatch(finishOrder(finishInput(null)))}
        />
      )}
    </main>
  );
}
