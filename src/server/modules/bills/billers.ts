/** The billers customers can pay (data/billers.json: schools and residences, electricity, other bills). */
import type { Payee } from '../../../shared/types';
import billerData from '../../data/billers.json';

interface Biller extends Payee {
  category: string;
}

const BILLERS: readonly Biller[] = billerData;
const MAX_RESULTS = 20;

/** Lower-case without accents, so 'universite de montreal' finds 'Université de Montréal'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const INDEX = BILLERS.map((biller) => ({ biller, key: folded(biller.PayeeName) }));

/** Payees whose name contains the query (case- and accent-insensitive); an empty query finds none. */
export function searchPayees(query: string): Payee[] {
  const needle = folded(query.trim());
  if (!needle) return [];
  return INDEX.filter(({ key }) => key.includes(needle))
    .slice(0, MAX_RESULTS)
    .map(({ biller }) => ({ PayeeName: biller.PayeeName, PayeeCode: biller.PayeeCode }));
}

export const payeeByCode = (payeeCode: string): Payee | undefined => BILLERS.find((biller) => biller.PayeeCode === payeeCode);
