import { useRef, useState } from 'react';
import { cardBrand, cardNumberInput, groupCardNumber, onlyDigits, providerBrandLabel } from '../../lib/cardNumber';
import { CHECKOUT_MESSAGES, type CardForm } from '../../lib/checkoutValidation';
import { formatExpiryInput, isValidExpiry } from '../../lib/expiry';
import { formatReais } from '../../lib/money';
import { installmentAmount } from '../../../contract/pricing';
import { notify } from '../../ui/notify';
import { TapFeedback } from '../../ui/TapFeedback';
import { useCardLookup } from './cardLookup';
import type { CardChoice } from './checkoutDraft';
import { PaymentPanel } from './PaymentPanel';

const EMPTY_CARD: CardForm = { number: '', holderName: '', expiry: '', cvc: '', holderCpf: '' };

/**
 * '3x de R$ 453,00 (sem juros)' / '4x de R$ 346,53 (total R$ 1.386,12)': the installment amount of
 * docs/product.md#checkout.
 */
export function installmentLabel(total: number, installments: number, ratePercent: number): string {
  const each = installmentAmount(total, ratePercent, installments);
  const suffix = ratePercent > 0 ? `total ${formatReais(installmentAmount(total, ratePercent, 1))}` : 'sem juros';
  return `${installments}x de ${formatReais(each)} (${suffix})`;
}

/** What the last 'Finalizar pedido' came to: the provider refused the card, or the charge could not be sent. */
export interface CardOutcome {
  message: string;
  refused: boolean;
}

interface Props {
  /** The amount to pay, discount applied. */
  total: number;
  busy: boolean;
  outcome: CardOutcome | null;
  onFinish: (card: CardChoice) => void;
  onAnotherCard: () => void;
}

/**
 * The card panel of docs/product.md#checkout: the preview, the card's fields and 'Finalizar pedido', and right
 * after that button what it came to (a phone shows the button, not the top of the panel).
 */
export function CardPanel({ total, busy, outcome, onFinish, onAnotherCard }: Props) {
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const numberField = useRef<HTMLInputElement>(null);
  const [installments, setInstallments] = useState(1);
  const lookup = useCardLookup(card.number);
  const localBrand = cardBrand(card.number);
  // The provider's answer names the brand that is charged (5031 4332 ... is Mastercard there).
  const brandLabel = lookup.method ? providerBrandLabel(lookup.method.id) : (localBrand?.label ?? 'Cartão');
  const payerCosts = lookup.method?.payer_costs?.length
    ? lookup.method.payer_costs
    : [{ installments: 1, installment_rate: 0 }];
  const chosenInstallments = payerCosts.some((cost) => cost.installments === installments) ? installments : 1;

  const set = (name: keyof CardForm, value: string) => setCard((previous) => ({ ...previous, [name]: value }));

  return (
    <PaymentPanel title="Cartão de crédito">
      <div className="card-preview" aria-hidden="true">
        <span className="card-preview__brand">{brandLabel}</span>
        <span className="card-preview__number">{groupCardNumber(card.number) || '•••• •••• •••• ••••'}</span>
        <span className="card-preview__holder">{card.holderName.toUpperCase() || 'NOME DO TITULAR'}</span>
        <span className="card-preview__expiry">{card.expiry || 'MM/AA'}</span>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {lookup.method ? `Bandeira: ${brandLabel}` : ''}
      </p>
      <form
        className="checkout__card-form"
        onSubmit={(event) => {
          event.preventDefault();
          onFinish({ ...card, installments: chosenInstallments, paymentMethodId: lookup.method?.id ?? '' });
        }}
      >
        <label htmlFor="card-number">Número do cartão</label>
        <input
          ref={numberField}
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={card.number}
          // The digits are capped by the brand's length after the spaces of a paste are gone (no maxLength).
          onChange={(event) => set('number', cardNumberInput(event.target.value))}
        />
        <label htmlFor="card-installments">Parcelas</label>
        <select
          id="card-installments"
          value={chosenInstallments}
          onChange={(event) => setInstallments(Number(event.target.value))}
        >
          {payerCosts.map((cost) => (
            <option key={cost.installments} value={cost.installments}>
              {installmentLabel(total, cost.installments, cost.installment_rate)}
            </option>
          ))}
        </select>
        <label htmlFor="card-holder">Nome do titular</label>
        <input
          id="card-holder"
          autoComplete="cc-name"
          maxLength={100}
          value={card.holderName}
          onChange={(event) => set('holderName', event.target.value)}
        />
        <label htmlFor="card-expiry">Validade (MM/AA)</label>
        <input
          id="card-expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={card.expiry}
          onChange={(event) => set('expiry', formatExpiryInput(event.target.value))}
          onBlur={() => {
            if (card.expiry !== '' && !isValidExpiry(card.expiry)) {
              notify(CHECKOUT_MESSAGES.expiryFormat);
              set('expiry', '');
            }
          }}
        />
        <label htmlFor="card-cvc">Código de segurança (CVC)</label>
        <input
          id="card-cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={(event) => set('cvc', onlyDigits(event.target.value).slice(0, 4))}
        />
        <label htmlFor="card-cpf">CPF do titular</label>
        <input
          id="card-cpf"
          inputMode="numeric"
          autoComplete="off"
          value={card.holderCpf}
          onChange={(event) => set('holderCpf', onlyDigits(event.target.value).slice(0, 11))}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Processando pagamento...' : 'Finalizar pedido'}
        </button>
      </form>
      <TapFeedback message={outcome?.message ?? null} className="checkout__feedback">
        {outcome?.refused && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              onAnotherCard();
              // Another card starts with its number: typed over the refused one.
              numberField.current?.focus();
              numberField.current?.select();
            }}
          >
            Tentar outro cartão
          </button>
        )}
      </TapFeedback>
    </PaymentPanel>
  );
}
