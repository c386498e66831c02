/** The billers customers can pay (data/billers.json: schools and residences, electricity, other bills). */
import { BILL_CATEGORIES } from '../../../shared/limits';
import type { BillCategory, Payee } from '../../../shared/types';
import type { Billers } from '../../adapters/types';
import billerData from '../../data/billers.json';

interface Biller extends Payee {
  category: BillCategory;
}

const BILLERS = billerData as readonly Biller[];
const uncategorised = BILLERS.find((biller) => !(BILL_CATEGORIES as readonly string[]).includes(biller.category));
if (uncategorised) throw new Error(`Biller ${uncategorised.PayeeCode} has no known category (data/billers.json)`);
const MAX_RESULTS = 20;

/** Lower-case without accents, so 'universite de montreal' finds 'Université de Montréal'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const INDEX = BILLERS.map((biller) => ({ biller, key: folded(biller.PayeeName) }));

/**
 * Payees whose name contains the query (case- and accent-insensitive), of the category when one
 * is given; an empty query finds none.
 */
export function searchPayees(query: string, category?: BillCategory): Payee[] {
  const needle = folded(query.trim());
  if (!needle) return [];
  return INDEX.filter(({ biller, key }) => key.includes(needle) && (!category || biller.category === category))
    .slice(0, MAX_RESULTS)
    .map(({ biller }) => ({ PayeeName: biller.PayeeName, PayeeCode: biller.PayeeCode }));
}

export const payeeByCode = (payeeCode: string): Payee | undefined => BILLERS.find((biller) => biller.PayeeCode === payeeCode);

/** The billers adapter over the seeded list (data/billers.json); there is no live biller network yet. */
export const seededBillers: Billers = {
  search: async (query, category) => searchPayees(query, category),
  payee: async (payeeCode) => payeeByCode(payeeCode),
};
