/**
 * Partners: their records, coupons and invitations, and the partner's API.
 */
export { partnerRoutes } from './http/partnerRoutes';
export { recordCouponVisit } from './couponVisits';
