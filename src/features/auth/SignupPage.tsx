import './auth.css';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../../../contract/routePaths';
import { notify } from '../../ui/notify';
import { PendingOrderNotice } from '../../ui/PendingOrderNotice';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { identityErrorOf, selectPendingOrder, useAppSelector, useSignUpWithPasswordMutation } from '../../session';
import { identityFailureMessage } from './authMessages';
import { useFinishSignIn } from './useFinishSignIn';

const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Nova senha', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmation', label: 'Repetir senha', type: 'password', autoComplete: 'new-password' },
  { name: 'displayName', label: 'Nome ou apelido', type: 'text', autoComplete: 'nickname' },
  { name: 'phone', label: 'Celular com DDD', type: 'tel', autoComplete: 'tel-national' },
  { name: 'tiktok', label: 'Nome de usuário do Tiktok', type: 'text', autoComplete: 'off' },
  { name: 'instagram', label: 'Nome de usuário do Instagram', type: 'text', autoComplete: 'off' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

/** Account creation (docs/product.md#sign-in-and-sign-up): only the repeated password is checked here. */
export default function SignupPage() {
  const [values, setValues] = useState<Record<FieldName, string>>(
    Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Record<FieldName, string>,
  );
  const [signUp, { isLoading }] = useSignUpWithPasswordMutation();
  const finish = useFinishSignIn();
  // An order placed while signed out is why the customer is here: said again above the form.
  const pendingOrder = useAppSelector(selectPendingOrder);
  // A page that asked for the login is remembered across the switch between login and signup.
  const location = useLocation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.password !== values.confirmation) {
      notify('As senhas não conferem');
      return;
    }
    const result = await signUp({ email: values.email, password: values.password, displayName: values.displayName });
    if ('error' in result) {
      const error = identityErrorOf(result.error);
      console.error('sign-up failed', error);
      notify(identityFailureMessage(error));
      return;
    }
    await finish(result.data, {
      displayName: values.displayName.trim(),
      phone: values.phone.trim(),
      tiktok: values.tiktok.trim(),
      instagram: values.instagram.trim(),
    });
  };

  return (
    <ScreenFrame title="Criar conta" className="auth">
      {pendingOrder && <PendingOrderNotice orderId={pendingOrder.orderId} />}
      <form className="auth__form" onSubmit={(event) => void submit(event)}>
        {FIELDS.map((field) => (
          <label key={field.name} className="field">
            <span>{field.label}</span>
            <input
              type={field.type}
              name={field.name}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            />
          </label>
        ))}
        <button type="submit" className="button" disabled={isLoading}>
          Criar conta
        </button>
      </form>
      <p className="auth__alt">
        Já tem conta?{' '}
        <Link to={{ pathname: ROUTES.login, search: location.search }} state={location.state as unknown}>
          Login
        </Link>
      </p>
    </ScreenFrame>
  );
}
