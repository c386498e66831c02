/** What other features may use of recipients (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { RecentRecipients, type RecentRecipientsProps } from './recent-recipients';
export { useListRecipientsQuery as useSavedRecipientsQuery } from './recipients-api';
