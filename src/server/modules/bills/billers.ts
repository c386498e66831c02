/**
 * The billers customers can pay (data/billers.json: schools and residences, electricity in Canada and
 * Nigeria, other bills), found by what a customer types: part of the name, another name the biller
 * goes by (its `aliases`: 'IKEDC', 'NEPA' …) or what kind of bill it is ('hydro', 'power', 'light').
 */
import { BILL_CATEGORIES } from '../../../shared/limits';
import type { BillCategory, Payee } from '../../../shared/types';
import type { Billers } from '../../adapters/types';
import billerData from '../../data/billers.json';

interface Biller extends Payee {
  category: BillCategory;
  /** Other names customers know the biller by (abbreviations, former names, regions served). */
  aliases?: readonly string[];
}

const BILLERS = billerData as readonly Biller[];
const uncategorised = BILLERS.find((biller) => !(BILL_CATEGORIES as readonly string[]).includes(biller.category));
if (uncategorised) throw new Error(`Biller ${uncategorised.PayeeCode} has no known category (data/billers.json)`);
const MAX_RESULTS = 20;

/**
 * Words a customer uses for a kind of bill rather than a biller: 'hydro' (a Canadian's word for the
 * electricity bill), 'light' (a Nigerian's), 'power', 'tuition', 'residence' … Words of one
 * country ('NEPA', 'PHCN', 'disco' for Nigeria's distribution companies) are those billers' aliases.
 */
const CATEGORY_WORDS: Record<BillCategory, readonly string[]> = {
  school: ['school', 'tuition', 'fees', 'university', 'college', 'polytechnic', 'campus', 'student', 'residence', 'accommodation', 'housing', 'hostel'],
  electricity: ['electricity', 'electric', 'power', 'hydro', 'light', 'energy', 'utility', 'utilities', 'prepaid', 'postpaid', 'meter'],
  bills: [],
};

/**
 * The screen's category narrows the search: School and Electricity find only their billers; Pay
 * Bills (the general search) finds every biller, so 'hydro' typed there finds Toronto Hydro too.
 */
const inCategory = (biller: Biller, category: BillCategory | undefined) =>
  !category || category === 'bills' || biller.category === category;

/** Words that say "a bill" without saying which: 'hydro bill' looks for hydro. */
const FILLER = new Set(['bill', 'bills', 'pay', 'payment', 'payments', 'my']);

/** Lower-case, no accents, no apostrophes, other punctuation as spaces: 'Hydro-Québec' → 'hydro quebec'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const compact = (text: string) => text.replace(/ /g, '');

interface Entry {
  biller: Biller;
  name: string;
  /** The name, aliases and category words. */
  all: string;
}

const INDEX: readonly Entry[] = BILLERS.map((biller) => {
  const name = folded(biller.PayeeName);
  const all = [name, ...(biller.aliases ?? []).map(folded), ...CATEGORY_WORDS[biller.category]].join(' | ');
  return { biller, name, all };
});

/** Every word is in `text`, or the query without its spaces is ('bchydro' finds 'BC Hydro'). */
const holds = (text: string, words: readonly string[], joined: string) =>
  words.every((word) => text.includes(word)) || compact(text).includes(joined);

/**
 * How well an entry answers the query: 0 its name starts with it, 1 its name contains it, 2 its name
 * holds every word, 3 its other names or kind of bill do; undefined when nothing matches.
 */
function rank({ name, all }: Entry, needle: string, words: readonly string[]): number | undefined {
  const joined = compact(needle);
  if (name.startsWith(needle)) return 0;
  if (name.includes(needle)) return 1;
  if (holds(name, words, joined)) return 2;
  if (holds(all, words, joined)) return 3;
  return undefined;
}

/**
 * Payees matching the query (case-, accent- and punctuation-insensitive), best first: by name,
 * then by another name or the kind of bill ('hydro', 'light'); of the category when one is given
 * (Pay Bills: all). An empty query finds none; at most MAX_RESULTS.
 */
export function searchPayees(query: string, category?: BillCategory): Payee[] {
  const needle = folded(query);
  if (!needle) return [];
  const typed = needle.split(' ');
  const meaningful = typed.filter((word) => !FILLER.has(word));
  const words = meaningful.length > 0 ? meaningful : typed;
  const core = words.join(' ');
  return INDEX.filter(({ biller }) => inCategory(biller, category))
    .map((entry, order) => ({ entry, order, rank: rank(entry, core, words) }))
    .filter((match): match is typeof match & { rank: number } => match.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, MAX_RESULTS)
    .map(({ entry: { biller } }) => ({ PayeeName: biller.PayeeName, PayeeCode: biller.PayeeCode }));
}

export const payeeByCode = (payeeCode: string): Payee | undefined => {
  const biller = BILLERS.find((candidate) => candidate.PayeeCode === payeeCode);
  return biller && { PayeeName: biller.PayeeName, PayeeCode: biller.PayeeCode };
};

/** The billers adapter over the seeded list (data/billers.json); there is no live biller network yet. */
export const seededBillers: Billers = {
  search: async (query, category) => searchPayees(query, category),
  payee: async (payeeCode) => payeeByCode(payeeCode),
};
