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
  selectEventDraft,
  selectEventNameForm,
  suggestionFound,
  suggestionTaken,
  titleTyped,
  typingPaused,
} from './eventNameSlice';

/**
 * The event-name forms' side effects: each form's name check (the pause, then
 * `GET /check_bname`), a free variant of a taken name (`GET /free_bname`), and the creation of the
 * event with its title (`GET /create_event`), after which the new event is the owner's on this
 * device and the page reloads (docs/product.md#event-dashboard).
 */
const checkEvents = isAnyOf(nameTyped, titleTyped, suggestionTaken, typingPaused, retryRequested);

const eventNameFlow: Flow = (startListening) => {
  eventNameCheck.flow({
    matches: checkEvents,
    addressOf: (action) => action.payload.orderId,
    select: selectEventNameForm,
    typingPaused,
    nameChecked,
    checkFailed,
    check: (api, name) =>
      api
        .dispatch(accountApi.endpoints.checkEventName.initiate(name, { subscribe: false, forceRefetch: true }))
        .unwrap(),
  })(startListening);

  // A taken name: the owner is offered the first free variant of it.
  startListening({
    predicate: (action) => nameChecked.match(action) || createFailed.match(action),
    effect: async (action, api) => {
      if (!nameChecked.match(action) && !createFailed.match(action)) return;
      const { orderId } = action.payload;
      const form = selectEventNameForm(api.getState(), orderId);
      if (form.status !== 'taken' || form === selectEventNameForm(api.getOriginalState(), orderId)) return;
      const result = await api.dispatch(
        accountApi.endpoints.freeEventName.initiate(form.name, { subscribe: false, forceRefetch: true }),
      );
      // Without an answer there is simply no suggestion: the owner can still type another name.
      if (result.data) api.dispatch(suggestionFound(orderId, form.name, result.data.name));
    },
  });

  startListening({
    actionCreator: createRequested,
    effect: async (action, api) => {
      const { orderId } = action.payload;
      const form = entered(api, (state) => selectEventNameForm(state, orderId), 'creating');
      if (!form) return;
      const { title } = selectEventDraft(api.getState(), orderId);
      const result = await api.dispatch(accountApi.endpoints.createEvent.initiate({ name: form.name, orderId, title }));
      if (result.error) {
        api.dispatch(
          createFailed(orderId, {
            error: errorMessage(result.error),
            taken: apiErrorCode(result.error) === 'name_taken',
          }),
        );
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
