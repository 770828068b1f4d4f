import { isAnyOf } from '@reduxjs/toolkit';
import { apiErrorCode, errorMessage } from '../../api/apiError';
import { entered, eventVisited, injectFlow, type Flow } from '../../session';
import { reloadPage } from '../../ui/pageReload';
import { accountApi } from './accountApi';
import {
  checkFailed,
  createFailed,
  createRequested,
  createSucceeded,
  eventNameCheck,
  nameChecked,
  nameTyped,
  retryRequested,
  selectEventNameForm,
  typingPaused,
} from './eventNameSlice';

/**
 * The event-name forms' side effects: each form's name check (the pause, then
 * `GET /check_bname`), and the creation of the event (`GET /create_event`), after which the new
 * event is the owner's on this device and the page reloads (SPEC section 4).
 */
const checkEvents = isAnyOf(nameTyped, typingPaused, retryRequested);

const eventNameFlow: Flow = (startListening) => {
  eventNameCheck.flow({
    matches: checkEvents,
    addressOf: (action) => action.payload.orderId,
    select: selectEventNameForm,
    typingPaused,
    nameChecked,
    checkFailed,
    check: (api, name) => api.dispatch(accountApi.endpoints.checkEventName.initiate(name, { subscribe: false, forceRefetch: true })).unwrap(),
  })(startListening);

  startListening({
    actionCreator: createRequested,
    effect: async (action, api) => {
      const { orderId } = action.payload;
      const form = entered(api, (state) => selectEventNameForm(state, orderId), 'creating');
      if (!form) return;
      const result = await api.dispatch(accountApi.endpoints.createEvent.initiate({ name: form.name, orderId }));
      if (result.error) {
        api.dispatch(createFailed(orderId, { error: errorMessage(result.error), taken: apiErrorCode(result.error) === 'name_taken' }));
        return;
      }
      api.dispatch(createSucceeded(orderId));
      // The new event is the owner's: it shows in /eventos on this device at once.
      api.dispatch(eventVisited(form.name));
      reloadPage();
    },
  });
};

injectFlow(eventNameFlow);
