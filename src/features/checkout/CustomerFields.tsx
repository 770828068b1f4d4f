import type { ChangeEvent } from 'react';
import { CHECKOUT_MESSAGES, isValidEmail, type CustomerForm } from '../../lib/checkoutValidation';
import { onlyDigits } from '../../lib/cardNumber';
import { notify } from '../../ui/notify';

export const EMPTY_CUSTOMER: CustomerForm = {
  name: '',
  email: '',
  cpf: '',
  eventName: '',
  eventDate: '',
  eventTime: '',
};

interface Props {
  value: CustomerForm;
  onChange: (next: CustomerForm) => void;
  disabled: boolean;
}

/** The customer's part of the checkout form (docs/product.md#checkout), with its input behaviours. */
export function CustomerFields({ value, onChange, disabled }: Props) {
  const field = (name: keyof CustomerForm, clean: (raw: string) => string = (raw) => raw) => ({
    id: `checkout-${name}`,
    name,
    value: value[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: clean(event.target.value) }),
  });
  return (
    <fieldset className="checkout__fields" disabled={disabled}>
      <legend>Seus dados e do evento</legend>
      <label htmlFor="checkout-name">Nome</label>
      <input {...field('name')} autoComplete="name" maxLength={200} />
      <label htmlFor="checkout-email">E-mail</label>
      <input
        {...field('email')}
        type="email"
        autoComplete="email"
        maxLength={254}
        onBlur={() => {
          if (value.email.trim() !== '' && !isValidEmail(value.email)) notify(CHECKOUT_MESSAGES.emailFormat);
        }}
      />
      <label htmlFor="checkout-cpf">CPF</label>
      {/* No maxLength on digit fields: it would cut a pasted '529.982.247-25' before its dots go. */}
      <input {...field('cpf', (raw) => onlyDigits(raw).slice(0, 11))} inputMode="numeric" autoComplete="off" />
      <label htmlFor="checkout-eventName">Nome do evento</label>
      <input {...field('eventName')} maxLength={200} />
      <label htmlFor="checkout-eventDate">Data do evento</label>
      <input {...field('eventDate')} type="date" />
      <label htmlFor="checkout-eventTime">Horário do evento</label>
      <input {...field('eventTime')} type="time" />
    </fieldset>
  );
}
