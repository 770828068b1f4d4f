import { asOwnAgent } from '../../api/agentRefusal';
import { errorMessage } from '../../api/apiError';
import { entered, guestDataErased, injectFlow, selectAgent, type Flow } from '../../session';
import { clearCachedMedia } from './deviceCaches';
import { dataErased, eraseConfirmed, eraseRefused, selectEraseMyData } from './eraseSlice';
import { privacyApi } from './privacyApi';

/**
 * 'Apagar minhas fotos' confirmed: the server erases what it keeps of this device (and of the
 * account, when signed in), and only once it has does the device forget its lists, then its
 * cached media. A refusal changes nothing on the device.
 */
const eraseFlow: Flow = (startListening) => {
  startListening({
    actionCreator: eraseConfirmed,
    effect: async (_action, api) => {
      if (!entered(api, selectEraseMyData, 'erasing')) return;
      const result = await asOwnAgent(
        () => selectAgent(api.getState()),
        (agent) => api.dispatch(privacyApi.endpoints.eraseMyData.initiate({ agent })),
      );
      if (result.error) {
        api.dispatch(eraseRefused(errorMessage(result.error)));
        return;
      }
      api.dispatch(guestDataErased());
      await clearCachedMedia();
      api.dispatch(dataErased());
    },
  });
};

injectFlow(eraseFlow);
