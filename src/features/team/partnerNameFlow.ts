import { isAnyOf } from '@reduxjs/toolkit';
import { newInvitationHash } from '../../../contract/invitationHash';
import { entered, injectFlow, type Flow } from '../../session';
import { copyText } from '../../ui/clipboard';
import { notify } from '../../ui/notify';
import {
  authorizeFailed,
  authorizeRequested,
  checkFailed,
  invitationLink,
  LINK_COPIED,
  LINK_FAILED,
  LINK_NOT_COPIED,
  linkGenerated,
  nameChecked,
  nameTyped,
  partnerNameCheck,
  retryRequested,
  selectPartnerName,
  typingPaused,
} from './partnerNameSlice';
import { teamApi } from './teamApi';

const checkEvents = isAnyOf(nameTyped, typingPaused, retryRequested);

/**
 * The partner name's side effects: its check (the pause, then `GET /check_bname_partner`), and
 * Authorize: a new invitation hash registered with `POST /authorize_hash`, then its link, copied to
 * the clipboard, with the notices of docs/product.md#team.
 */
const partnerNameFlow: Flow = (startListening) => {
  partnerNameCheck.flow({
    matches: checkEvents,
    // The screen's only partner name.
    addressOf: () => undefined,
    select: selectPartnerName,
    typingPaused: (_only, name) => typingPaused(name),
    nameChecked: (_only, name, reply) => nameChecked(name, reply),
    checkFailed: (_only, name) => checkFailed(name),
    check: (api, name) =>
      api
        .dispatch(teamApi.endpoints.checkPartnerName.initiate(name, { subscribe: false, forceRefetch: true }))
        .unwrap(),
  })(startListening);

  startListening({
    actionCreator: authorizeRequested,
    effect: async (_action, api) => {
      const state = entered(api, selectPartnerName, 'authorizing');
      if (!state) return;
      const hash = newInvitationHash();
      const result = await api.dispatch(teamApi.endpoints.authorizeHash.initiate({ partnerName: state.name, hash }));
      // The server answered `ok` (docs/api.md#partners-and-the-team); anything else, or no answer, is a refusal.
      if (result.data?.trim() !== 'ok') {
        api.dispatch(authorizeFailed());
        notify(LINK_FAILED);
        return;
      }
      const link = invitationLink(window.location.origin, hash, state.name);
      api.dispatch(linkGenerated({ hash, link }));
      notify((await copyText(link)) ? LINK_COPIED : LINK_NOT_COPIED);
    },
  });
};

injectFlow(partnerNameFlow);
