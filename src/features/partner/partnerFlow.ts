import { errorMessage } from '../../api/apiError';
import { entered, injectFlow, type Flow } from '../../session';
import { copyText } from '../../ui/clipboard';
import { notify } from '../../ui/notify';
import { reloadPage } from '../../ui/pageReload';
import { partnerApi } from './partnerApi';
import {
  copyFailed,
  copyRequested,
  COUPON_COPIED,
  couponLink,
  LAUNCH_FAILED,
  launchFailed,
  launchSucceeded,
  linkCopied,
  selectCouponCopy,
} from './partnerSlice';

/**
 * The coupon copies' side effects: the shop link to the clipboard, then `POST /launch_coupon`,
 * then 'Cupom copiado!' and a reload that shows the contract's next coupon (docs/product.md#partner-page).
 */
const partnerFlow: Flow = (startListening) => {
  startListening({
    actionCreator: copyRequested,
    effect: async (action, api) => {
      const copy = entered(api, (state) => selectCouponCopy(state, action.payload.last), 'copying');
      if (!copy) return;
      // Before any await: a listener runs within the dispatch up to its first await, so the copy
      // is made while the tap still counts as the user's, which browsers require of the clipboard.
      const copying = copyText(couponLink(copy.request.lastCoupon));
      api.dispatch((await copying) ? linkCopied(copy.request.lastCoupon) : copyFailed(copy.request.lastCoupon));
    },
  });
  startListening({
    actionCreator: linkCopied,
    effect: async (action, api) => {
      const copy = entered(api, (state) => selectCouponCopy(state, action.payload.coupon), 'launching');
      if (!copy) return;
      const { lastCoupon } = copy.request;
      const result = await api.dispatch(partnerApi.endpoints.launchCoupon.initiate(copy.request));
      if (result.data === 'success') {
        api.dispatch(launchSucceeded(lastCoupon));
        notify(COUPON_COPIED);
        reloadPage();
      } else {
        api.dispatch(launchFailed(lastCoupon, result.error ? errorMessage(result.error) : LAUNCH_FAILED));
      }
    },
  });
};

injectFlow(partnerFlow);
