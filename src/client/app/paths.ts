import { PRODUCT_SLUG } from '../../shared/product';

/** Every route path of the app (spec §2); nothing else spells them out. */
export const paths = {
  home: '/',
  login: '/login',
  privacyPolicy: '/privacy-policy',
  identityVerification: '/identity-verification',
  dashboard: '/dashboard',
  verification: '/verification',
  addMoney: '/add-money',
  transfer: '/transfer',
  transferCad: '/transfer-cad',
  transferNaira: '/transfer-naira',
  transferUser: `/transfer-${PRODUCT_SLUG}`,
  exchange: '/exchange',
  history: '/history',
  profile: '/profile',
  billPayment: '/bill-payment',
  about: '/about',
  /** Support tools: replays a diagnostics file (reachable when the build or the server enables them). */
  supportReplay: '/support/replay',
} as const;
