import * as M from '../../../shared/messages';
import type { BillCategory } from '../../../shared/types';

export interface CategoryTexts {
  title: string;
  searchPlaceholder: string;
  noResults: string;
}

/** Spec §2: the title, search placeholder and empty-result text per category. */
const texts: Record<BillCategory, CategoryTexts> = {
  school: { title: 'Pay Tuition, Accommodation, etc.', searchPlaceholder: 'Search for School', noResults: M.bills.noSchool },
  electricity: { title: 'Pay Electricity Bill', searchPlaceholder: 'Search for Electricity', noResults: M.bills.noBiller },
  bills: { title: 'Pay Bills', searchPlaceholder: 'Search for Biller', noResults: M.bills.noBiller },
};

/** The ?category= of /bill-payment; anything else is 'bills'. */
export const categoryOf = (param: string | null): BillCategory =>
  param === 'school' || param === 'electricity' ? param : 'bills';

export const categoryTexts = (category: BillCategory): CategoryTexts => texts[category];
