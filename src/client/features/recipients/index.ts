/** What other features may use of recipients (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { RecentRecipients, type RecentRecipientsProps } from './recent-recipients';
