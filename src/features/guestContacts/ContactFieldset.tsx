import { useId, useState } from 'react';
import { CONTACT_NAME_MAX_LENGTH } from '../../../contract/guestContact';
import { addressProblem, type ContactChannel } from './contactForm';

export interface ContactValue {
  name: string;
  channel: ContactChannel;
  /** What was typed in the channel's field. */
  address: string;
}

/**
 * 'Seu nome', 'Receber por' WhatsApp or E-mail, and the channel's field: the fields of every form where a guest
 * leaves a contact ('Quero receber as fotos', 'Receber minhas fotos'). The number or e-mail is checked when the guest
 * leaves the field, then again as they correct it, with the rules the server applies (contract/guestContact.ts).
 */
export function ContactFieldset({ value, onChange }: { value: ContactValue; onChange: (value: ContactValue) => void }) {
  const ids = { channel: useId(), address: useId(), problem: useId() };
  const [left, setLeft] = useState(false);
  const whatsapp = value.channel === 'whatsapp';
  const problem = left && value.address.trim() !== '' ? addressProblem(value.channel, value.address) : null;

  const pick = (channel: ContactChannel) => {
    setLeft(false);
    onChange({ ...value, channel, address: '' });
  };

  return (
    <>
      <label className="field">
        <span className="field__label">Seu nome</span>
        <input
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX_LENGTH}
        />
      </label>
      <fieldset className="guest-contact__channels">
        <legend>Receber por</legend>
        <label className="choice">
          <input type="radio" name={ids.channel} checked={whatsapp} onChange={() => pick('whatsapp')} />
          WhatsApp
        </label>
        <label className="choice">
          <input type="radio" name={ids.channel} checked={!whatsapp} onChange={() => pick('email')} />
          E-mail
        </label>
      </fieldset>
      {/* The message sits outside the label: inside, it would become part of the field's name. */}
      <div className={problem ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={ids.address}>
          {whatsapp ? 'WhatsApp com DDD' : 'E-mail'}
        </label>
        <input
          id={ids.address}
          key={value.channel}
          type={whatsapp ? 'tel' : 'email'}
          inputMode={whatsapp ? 'tel' : 'email'}
          autoComplete={whatsapp ? 'tel' : 'email'}
          placeholder={whatsapp ? '(11) 98765-4321' : 'nome@exemplo.com'}
          value={value.address}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onBlur={() => setLeft(true)}
          onChange={(event) => onChange({ ...value, address: event.target.value })}
        />
        {problem && (
          <span id={ids.problem} className="field__message">
            {problem}
          </span>
        )}
      </div>
    </>
  );
}
