import './account.css';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import {
  logOut,
  selectPendingOrder,
  useAppDispatch,
  useAppSelector,
  useGetAccountQuery,
  useSession,
} from '../../session';
import { PendingOrderNotice } from '../../ui/PendingOrderNotice';
import { notify } from '../../ui/notify';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { LeadsList, TeamDevicesList, TeamOrdersList, useCheckTeamQuery } from '../team';
import { useLoadEventsQuery, useLoadTransactionsQuery } from './accountApi';
import { EventDashboard } from './EventDashboard';
import { OrderProgress } from './OrderProgress';
import { OrdersList } from './OrdersList';
import { TeamEventsList } from './TeamEventsList';

const NOT_LOGGED_IN = 'Você não está logado!';

type Section = 'home' | 'pedidos' | 'evento' | 'contatos' | 'equipe' | 'eventos' | 'dispositivos';
const TEAM_SECTIONS: readonly Section[] = ['contatos', 'equipe', 'eventos', 'dispositivos'];

/** The signed-in user's area (docs/product.md#account). */
export default function AccountPage() {
  const navigate = useNavigate();
  const { identity } = useSession();
  const status = identity.status;
  const user = identity.status === 'signedIn' ? identity.user : null;
  const signedIn = user !== null;
  const account = useGetAccountQuery(undefined, { skip: !signedIn });
  const transactions = useLoadTransactionsQuery(undefined, { skip: !signedIn });
  const events = useLoadEventsQuery(undefined, { skip: !signedIn });
  const team = useCheckTeamQuery(undefined, { skip: !signedIn });
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  // An order placed while signed out: every page leads here (docs/product.md#account), to be told about it.
  const pendingOrder = useAppSelector(selectPendingOrder);
  const waiting = status === 'signedOut' && pendingOrder !== null;
  // Set once the visitor is warned, or is leaving by logging out (no warning then).
  const warned = useRef(false);

  useEffect(() => {
    if (status !== 'signedOut' || waiting || warned.current) return;
    warned.current = true;
    notify(NOT_LOGGED_IN);
    void navigate(ROUTES.login, { replace: true });
  }, [status, waiting, navigate]);

  if (waiting) {
    // Not the alert and a bare login page: the order is safe, where its payment stands, and how to keep it.
    return (
      <ScreenFrame title="Conta" className="account account--waiting">
        <PendingOrderNotice orderId={pendingOrder.orderId} />
        {/* Where its payment stands, and the Pix to pay, for the browser that placed it (its claim cookie). */}
        <OrderProgress orderId={pendingOrder.orderId} />
        <p className="account__sign-in">
          <Link className="button" to={ROUTES.login}>
            Entrar
          </Link>
          <Link className="button button--secondary" to={ROUTES.signup}>
            Criar conta
          </Link>
        </p>
      </ScreenFrame>
    );
  }

  if (!user) {
    return (
      <ScreenFrame title="Conta">
        <p role="status">Carregando...</p>
      </ScreenFrame>
    );
  }

  const hasOrders = (transactions.data?.length ?? 0) > 0;
  const hasEvents = (events.data?.length ?? 0) > 0;
  const partner = account.data?.partner ?? '';
  const requested = (params.get('secao') ?? 'home') as Section;
  const isTeam = team.data === 'ok';
  const section: Section =
    (requested === 'pedidos' && hasOrders) ||
    (requested === 'evento' && hasEvents) ||
    (TEAM_SECTIONS.includes(requested) && isTeam)
      ? requested
      : 'home';
  const show = (next: Section) => setParams(next === 'home' ? {} : { secao: next });
  const name = account.data?.displayName || user.displayName || user.email;
  const photo = account.data?.photoURL || user.photoURL;

  const logout = async () => {
    warned.current = true;
    if (await dispatch(logOut())) void navigate(ROUTES.home);
    else {
      warned.current = false;
      notify('Não foi possível sair agora. Tente de novo.');
    }
  };

  return (
    <ScreenFrame title="Conta" className="account">
      <nav className="account__sidebar" aria-label="Minha conta">
        <button type="button" aria-current={section === 'home' ? 'page' : undefined} onClick={() => show('home')}>
          Home
        </button>
        {partner && <Link to={withQuery(ROUTES.partner, { partner })}>Página do Parceiro</Link>}
        {hasOrders && (
          <button
            type="button"
            aria-current={section === 'pedidos' ? 'page' : undefined}
            onClick={() => show('pedidos')}
          >
            Pedidos
          </button>
        )}
        {hasEvents && (
          <button type="button" aria-current={section === 'evento' ? 'page' : undefined} onClick={() => show('evento')}>
            Meu Evento
          </button>
        )}
        {isTeam && (
          <>
            <button
              type="button"
              aria-current={section === 'equipe' ? 'page' : undefined}
              onClick={() => show('equipe')}
            >
              Pedidos da equipe
            </button>
            <button
              type="button"
              aria-current={section === 'eventos' ? 'page' : undefined}
              onClick={() => show('eventos')}
            >
              Eventos da equipe
            </button>
            <button
              type="button"
              aria-current={section === 'contatos' ? 'page' : undefined}
              onClick={() => show('contatos')}
            >
              Contatos
            </button>
            <button
              type="button"
              aria-current={section === 'dispositivos' ? 'page' : undefined}
              onClick={() => show('dispositivos')}
            >
              Dispositivos
            </button>
            <Link to={ROUTES.createContract}>Criar contrato</Link>
            <Link to={ROUTES.authorizePartner}>Autorizar parceiro</Link>
          </>
        )}
        <Link to={ROUTES.privacy}>Privacidade</Link>
        {/* The sidebar's 'Conta' item logs out (docs/product.md#account); on the page titled 'Conta' its button says
        what it does. */}
        <button type="button" onClick={() => void logout()}>
          Sair
        </button>
      </nav>
      <div className="account__content">
        {section === 'home' && (
          <section className="account__home" aria-label="Home">
            <div className="account__cover" />
            {photo ? (
              <img
                className="account__photo"
                src={mediaSource(photo)}
                alt="Sua foto de perfil"
                width={96}
                height={96}
              />
            ) : (
              <span className="account__photo account__photo--initial" aria-hidden="true">
                {name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <h2 className="account__greeting">Olá, {name}!</h2>
            <p className="account__email">{user.email}</p>
          </section>
        )}
        {section === 'pedidos' && <OrdersList />}
        {section === 'evento' && events.data && <EventDashboard events={events.data} />}
        {section === 'contatos' && <LeadsList />}
        {section === 'equipe' && <TeamOrdersList />}
        {section === 'eventos' && <TeamEventsList />}
        {section === 'dispositivos' && <TeamDevicesList />}
      </div>
    </ScreenFrame>
  );
}
