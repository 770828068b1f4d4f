import { useState, type FormEvent } from 'react';
import type { ContactLead } from '../../../contract/wire';
import { leadQueued, useAppDispatch, warmOutboxStorage } from '../../session';
import { notify } from '../../ui/notify';

/** Every field of the form, as typed (empty when left blank). */
type Fields = Required<Omit<ContactLead, 'clientId'>>;

const EMPTY: Fields = { data: '', indicacao: '', evento: '', email: '', instagram: '', tiktok: '', telefone: '', nome: '', comentarios: '' };

const LEAD_SENT = 'Mensagem enviada com sucesso!';

/**
 * The contact form (SPEC sections 2, 4, 5): nome and evento required; on submit every field
 * clears and the success alert shows at once, while the lead goes out (and is retried) behind.
 */
export function ContactForm() {
  const dispatch = useAppDispatch();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.nome.trim() || !fields.evento.trim()) return;
    dispatch(leadQueued(fields));
    setFields(EMPTY);
    notify(LEAD_SENT);
  };

  return (
    // The storage library comes once someone starts writing, while the page is surely online: a
    // message sent after the Wi-Fi drops, before the offline support controls the page, is kept.
    <form className="contact" onSubmit={submit} onFocus={warmOutboxStorage} aria-labelledby="contato-title">
      <div className="contact__grid">
        <label className="field">
          <span>Nome *</span>
          <input name="nome" required autoComplete="name" value={fields.nome} onChange={set('nome')} />
        </label>
        <label className="field">
          <span>Evento *</span>
          <input name="evento" required placeholder="Casamento, aniversário, formatura..." value={fields.evento} onChange={set('evento')} />
        </label>
        <label className="field">
          <span>Data do evento</span>
          <input name="data" type="date" value={fields.data} onChange={set('data')} />
        </label>
        <label className="field">
          <span>Como nos conheceu?</span>
          <select name="indicacao" value={fields.indicacao} onChange={set('indicacao')}>
            <option value="">Como nos conheceu?</option>
            <option value="Indicação">Indicação</option>
            <option value="Google">Google</option>
            <option value="Instagram">Instagram</option>
          </select>
        </label>
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="email" value={fields.email} onChange={set('email')} />
        </label>
        <label className="field">
          <span>Telefone</span>
          <input name="telefone" type="tel" autoComplete="tel-national" placeholder="(xx) xxxxx-xxxx" value={fields.telefone} onChange={set('telefone')} />
        </label>
        <label className="field">
          <span>Instagram</span>
          <input name="instagram" value={fields.instagram} onChange={set('instagram')} />
        </label>
        <label className="field">
          <span>TikTok</span>
          <input name="tiktok" value={fields.tiktok} onChange={set('tiktok')} />
        </label>
        <label className="field contact__wide">
          <span>Comentários</span>
          <textarea name="comentarios" rows={4} value={fields.comentarios} onChange={set('comentarios')} />
        </label>
      </div>
      <button type="submit" className="button contact__submit">
        Enviar
      </button>
    </form>
  );
}
