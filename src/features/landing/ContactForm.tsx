import { useState, type FormEvent } from 'react';
import type { ContactLead } from '../../../contract/wire';
import { leadQueued, useAppDispatch, warmOutboxStorage } from '../../session';
import { notify } from '../../ui/notify';

/** Every field of the form, as typed (empty when left blank). */
type Fields = Required<Omit<ContactLead, 'clientId'>>;

const EMPTY: Fields = {
  data: '',
  indicacao: '',
  evento: '',
  email: '',
  instagram: '',
  tiktok: '',
  telefone: '',
  nome: '',
  comentarios: '',
};

const LEAD_SENT = 'Mensagem enviada com sucesso!';

/** The form's one-line fields in order (as data: the landing page ships in the entry chunk, every byte counts). */
const INPUTS: {
  name: Exclude<keyof Fields, 'comentarios'>;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
}[] = [
  { name: 'nome', label: 'Nome *', autoComplete: 'name' },
  { name: 'evento', label: 'Evento *', placeholder: 'Casamento, aniversário, formatura...' },
  { name: 'data', label: 'Data do evento', type: 'date' },
  { name: 'indicacao', label: 'Como nos conheceu?' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'telefone', label: 'Telefone', type: 'tel', autoComplete: 'tel-national', placeholder: '(xx) xxxxx-xxxx' },
  { name: 'instagram', label: 'Instagram' },
  { name: 'tiktok', label: 'TikTok' },
];

/** The choices of 'Como nos conheceu?': the first, its own label, is the empty answer. */
const HOW_FOUND = ['Como nos conheceu?', 'Indicação', 'Google', 'Instagram'];

/**
 * The contact form (docs/product.md#landing-page): nome and evento required; on submit every field
 * clears and the success alert shows at once, while the lead goes out (and is retried) behind.
 */
export function ContactForm() {
  const dispatch = useAppDispatch();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

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
        {INPUTS.map(({ name, label, ...input }) => (
          <label key={name} className="field">
            <span>{label}</span>
            {name === 'indicacao' ? (
              <select name={name} value={fields.indicacao} onChange={set(name)}>
                {HOW_FOUND.map((option) => (
                  <option key={option} value={option === HOW_FOUND[0] ? '' : option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input name={name} {...input} required={label.endsWith('*')} value={fields[name]} onChange={set(name)} />
            )}
          </label>
        ))}
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
