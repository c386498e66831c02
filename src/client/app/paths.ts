import { generatePath } from 'react-router-dom';
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
  /** One history item: its detail, timeline, receipt, Send again and Cancel (spec-next §C). */
  historyItem: '/history/:id',
  profile: '/profile',
  billPayment: '/bill-payment',
  about: '/about',
  /** Support tools: replays a diagnostics file (reachable when the build or the server enables them). */
  supportReplay: '/support/replay',
} as const;

/** The detail page of the history item `id` (its reference): '/history/KD37AE01E6B8965FF2'. */
export const historyItemPath = (id: string): string => generatePath(paths.historyItem, { id });
