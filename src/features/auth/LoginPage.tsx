import './auth.css';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../../../contract/routePaths';
import { notify } from '../../ui/notify';
import { PendingOrderNotice } from '../../ui/PendingOrderNotice';
import { ScreenFrame } from '../../ui/ScreenFrame';
import {
  identityErrorOf,
  selectPendingOrder,
  useAppSelector,
  useSignInWithGoogleMutation,
  useSignInWithPasswordMutation,
} from '../../session';
import { identityFailureMessage } from './authMessages';
import { useFinishSignIn } from './useFinishSignIn';

/** Sign in with e-mail and password or Google (docs/product.md#sign-in-and-sign-up). */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { isLoading }] = useSignInWithPasswordMutation();
  const [signInWithGoogle, google] = useSignInWithGoogleMutation();
  const finish = useFinishSignIn();
  // An order placed while signed out is why the customer is here: said again above the form.
  const pendingOrder = useAppSelector(selectPendingOrder);
  // A page that asked for the login is remembered across the switch between login and signup.
  const location = useLocation();

  const fail = (error: unknown) => {
    const identityError = identityErrorOf(error);
    console.error('sign-in failed', identityError);
    notify(identityFailureMessage(identityError));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await signIn({ email, password });
    if ('error' in result) fail(result.error);
    else await finish(result.data);
  };

  const withGoogle = async () => {
    const result = await signInWithGoogle();
    if ('error' in result) fail(result.error);
    else await finish(result.data);
  };

  return (
    <ScreenFrame title="Login" className="auth">
      {pendingOrder && <PendingOrderNotice orderId={pendingOrder.orderId} />}
      <form className="auth__form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Senha</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={isLoading}>
          Login
        </button>
      </form>
      <p className="auth__alt">
        <Link to={{ pathname: ROUTES.signup, search: location.search }} state={location.state as unknown}>
          Criar conta
        </Link>
      </p>
      <button
        type="button"
        className="button button--secondary auth__google"
        disabled={google.isLoading}
        onClick={() => void withGoogle()}
      >
        Entrar com Google
      </button>
    </ScreenFrame>
  );
}
