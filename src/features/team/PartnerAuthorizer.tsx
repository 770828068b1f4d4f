import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { newInvitationHash } from '../../../contract/invitationHash';
import { copyText } from '../../ui/clipboard';
import { notify } from '../../ui/notify';
import { InvitationLinkField } from './InvitationLinkField';
import {
  authorizeFailed,
  authorizeRequested,
  canAuthorize,
  checkFailed,
  initialPartnerNameState,
  invitationLink,
  LINK_COPIED,
  LINK_FAILED,
  LINK_NOT_COPIED,
  linkGenerated,
  nameChecked,
  nameTyped,
  PARTNER_NAME_DEBOUNCE_MS,
  PARTNER_NAME_MESSAGES,
  partnerNameSlice,
  retryRequested,
  typingPaused,
  type PartnerNameState,
} from './partnerNameSlice';
import { useAuthorizeHashMutation, useLazyCheckPartnerNameQuery } from './teamApi';

const BAD: readonly PartnerNameState['status'][] = ['short', 'taken', 'wrong'];

function messageOf(state: PartnerNameState): string {
  switch (state.status) {
    case 'empty':
    case 'waiting':
    case 'linkReady':
      return '';
    default:
      return PARTNER_NAME_MESSAGES[state.status];
  }
}

/** The server answered `ok` (SPEC section 7); anything else, or no answer, is a refusal. */
async function registered(call: () => Promise<string>): Promise<boolean> {
  try {
    return String(await call()).trim() === 'ok';
  } catch {
    return false;
  }
}

/** A partner name, checked as it is typed, and the invitation link that authorizes it. */
export function PartnerAuthorizer() {
  const [state, dispatch] = useReducer(partnerNameSlice.reducer, initialPartnerNameState);
  const [check] = useLazyCheckPartnerNameQuery();
  const [authorizeHash] = useAuthorizeHashMutation();
  const inputId = useId();
  const messageId = `${inputId}-message`;

  // 1000 ms after the last keystroke the name is checked.
  useEffect(() => {
    if (state.status !== 'waiting') return;
    const timer = setTimeout(() => dispatch(typingPaused(state.name)), PARTNER_NAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state.status !== 'checking') return;
    const { name } = state;
    check(name)
      .unwrap()
      .then((answer) => dispatch(nameChecked({ name, answer })))
      .catch(() => dispatch(checkFailed(name)));
  }, [state, check]);

  const authorize = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canAuthorize(state)) return;
    const { name } = state;
    const hash = newInvitationHash();
    dispatch(authorizeRequested(hash));
    if (!(await registered(() => authorizeHash({ partnerName: name, hash }).unwrap()))) {
      dispatch(authorizeFailed());
      notify(LINK_FAILED);
      return;
    }
    const link = invitationLink(window.location.origin, hash, name);
    dispatch(linkGenerated(link));
    notify((await copyText(link)) ? LINK_COPIED : LINK_NOT_COPIED);
  };

  const bad = BAD.includes(state.status);
  const positive = state.status === 'available' || state.status === 'owned';
  const fieldClass = bad ? 'field field--error' : positive ? 'field field--ok' : 'field';

  return (
    <form className="team-form" noValidate onSubmit={(event) => void authorize(event)}>
      <div className={fieldClass}>
        <label htmlFor={inputId}>Partner name</label>
        <input
          id={inputId}
          type="text"
          value={state.name}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={bad}
          aria-describedby={messageId}
          disabled={state.status === 'authorizing'}
          onChange={(e) => dispatch(nameTyped(e.target.value))}
        />
        <span id={messageId} className="field__message" role="status">
          {messageOf(state)}
        </span>
        {state.status === 'failed' && (
          <button type="button" className="link-button" onClick={() => dispatch(retryRequested())}>
            Try again
          </button>
        )}
      </div>
      <button type="submit" className="button" disabled={!canAuthorize(state)}>
        Authorize
      </button>
      {state.status === 'linkReady' && <InvitationLinkField link={state.link} />}
    </form>
  );
}
