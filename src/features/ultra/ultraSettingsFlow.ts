import { asOwnAgent } from '../../api/agentRefusal';
import { errorMessage } from '../../api/apiError';
import { entered, injectFlow, selectAgent, type Flow } from '../../session';
import { ultraApi } from './ultraApi';
import { selectUltraSettings, sendFailed, sendRequested, sendSucceeded } from './ultraSettingsSlice';

const NOT_CONFIRMED = 'A plataforma 360 não confirmou os ajustes. Tente novamente.';

/** 'Enviar': the choice goes to the platform under the visitor's agent; `success` ends the machine. */
const ultraSettingsFlow: Flow = (startListening) => {
  startListening({
    actionCreator: sendRequested,
    effect: async (_action, api) => {
      const state = entered(api, selectUltraSettings, 'sending');
      if (!state) return;
      const { link, speed, music } = state;
      const result = await asOwnAgent(
        () => selectAgent(api.getState()),
        (agent) =>
          api.dispatch(
            ultraApi.endpoints.startUltraConfig.initiate({ device: link.device, qrid: link.qrid, speed, music, agent }),
          ),
      );
      if ('error' in result) api.dispatch(sendFailed(errorMessage(result.error)));
      else api.dispatch(result.data === 'success' ? sendSucceeded() : sendFailed(NOT_CONFIRMED));
    },
  });
};

injectFlow(ultraSettingsFlow);
