import { entered, injectFlow, type Flow } from '../../session';
import { BACK_ONLINE_VISIBLE_MS, backOnlineExpired, selectConnection, wentOnline } from './connectionSlice';

/** 'Conexão restabelecida.' hides itself after a few seconds; a new return starts the wait again. */
const connectionFlow: Flow = (startListening) => {
  startListening({
    actionCreator: wentOnline,
    effect: async (_action, api) => {
      if (!entered(api, selectConnection, 'backOnline')) return;
      api.cancelActiveListeners();
      await api.delay(BACK_ONLINE_VISIBLE_MS);
      api.dispatch(backOnlineExpired());
    },
  });
};

injectFlow(connectionFlow);
