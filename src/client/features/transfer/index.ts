/** What other features may use of transfer (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { SelectCurrencyDialog } from './select-currency-dialog';
