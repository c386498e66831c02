/**
 * The exchange's amount fields (spec-next §A): only digits and one decimal point with at most two
 * decimals are accepted, shown with thousands separators while typing.
 */

/** Digits, at most one '.', at most two decimals (an empty field too). */
const ACCEPTED = /^\d*(\.\d{0,2})?$/;

/**
 * What an edit of the field leaves as the amount (separators dropped), or null when the edit is
 * refused and the field keeps its value ('abc', a second '.', a third decimal, a sign).
 */
export function acceptAmountInput(text: string): string | null {
  const plain = text.replace(/,/g, '').trim();
  return ACCEPTED.test(plain) ? plain : null;
}

/** The amount as the field shows it: thousands separators in the whole part, the rest as typed ('12345.5' → '12,345.5'). */
export function withSeparators(amount: string): string {
  const [whole, ...fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction.length > 0 ? `${grouped}.${fraction.join('.')}` : grouped;
}
