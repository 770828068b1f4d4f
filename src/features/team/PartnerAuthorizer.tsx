import { useEffect, useId, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../session';
import { InvitationLinkField } from './InvitationLinkField';
import './partnerNameFlow';
import {
  authorizeRequested,
  canAuthorize,
  nameTyped,
  PARTNER_NAME_MESSAGES,
  partnerNameOpened,
  retryRequested,
  selectPartnerName,
  type PartnerNameState,
} from './partnerNameSlice';

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

/**
 * A partner name, checked as it is typed, and the invitation link that authorizes it, as the
 * machine says (partnerNameSlice; its effects are the flow's, partnerNameFlow.ts).
 */
export function PartnerAuthorizer() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectPartnerName);
  const inputId = useId();
  const messageId = `${inputId}-message`;

  useEffect(() => {
    dispatch(partnerNameOpened());
  }, [dispatch]);

  const authorize = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(authorizeRequested());
  };

  const bad = BAD.includes(state.status);
  const positive = state.status === 'available' || state.status === 'owned';
  const fieldClass = bad ? 'field field--error' : positive ? 'field field--ok' : 'field';

  return (
    <form className="team-form" noValidate onSubmit={authorize}>
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
