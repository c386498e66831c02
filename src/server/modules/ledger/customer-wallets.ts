import { randomBytes, randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { CURRENCIES } from '../../../shared/limits';
import { PRODUCT_SLUG } from '../../../shared/product';
import type { Database } from '../../db/schema';
import { insertCustomerAccounts } from './accounts.repository';
import { insertWalletDetails } from './wallets.repository';

const DEPOSIT_EMAIL_DOMAIN = `pay.${PRODUCT_SLUG}.example`;
const SECURITY_QUESTION = 'What is the payment for?';
const ANSWER_WORDS = ['baobab', 'harmattan', 'kolanut', 'maple', 'tundra', 'savanna', 'lagoon', 'caribou', 'mango', 'aurora'];
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 'Adé Ọbi' → 'adeobi': the readable part of a deposit e-mail. */
function slug(firstName: string, lastName: string): string {
  const ascii = `${firstName}${lastName}`.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
  return ascii.slice(0, 20) || PRODUCT_SLUG;
}

/** 8 random base32 characters (40 bits): collisions are left to the unique constraint. */
const randomTag = () => Array.from(randomBytes(8), (byte) => BASE32[byte % 32]).join('');

const newDepositEmail = (firstName: string, lastName: string) =>
  `${slug(firstName, lastName)}.${randomTag()}@${DEPOSIT_EMAIL_DOMAIN}`;

/**
 * A new CAD deposit address from the customer's current names (signing up again before verifying
 * replaces the names; nobody has seen the earlier address, since an unverified account cannot sign in).
 */
export async function renewDepositEmail(trx: Transaction<Database>, userId: string, names: { first_name: string; last_name: string }): Promise<void> {
  await trx.updateTable('cad_wallets').set({ deposit_email: newDepositEmail(names.first_name, names.last_name) }).where('user_id', '=', userId).execute();
}

/** Whether an e-mail is at Kudi's deposit domain (any case), i.e. an Interac autodeposit address of a customer. */
export const isKudiDepositEmail = (email: string): boolean => email.toLowerCase().endsWith(`@${DEPOSIT_EMAIL_DOMAIN}`);

/** The reference answer an Interac sender types: a word and 3 digits, e.g. 'maple472'. */
const newSecurityAnswer = () => `${ANSWER_WORDS[randomInt(ANSWER_WORDS.length)]}${randomInt(100, 1000)}`;

/**
 * Opens a new customer's wallets (called by sign-up inside its transaction): a CAD and an NGN
 * ledger account, the CAD deposit details, and an NGN wallet that is not activated yet.
 */
export async function createCustomerWallets(
  trx: Transaction<Database>,
  user: { id: string; email: string; first_name: string; last_name: string },
): Promise<void> {
  await insertCustomerAccounts(trx, user.id, CURRENCIES);
  await insertWalletDetails(
    trx,
    {
      user_id: user.id,
      deposit_email: newDepositEmail(user.first_name, user.last_name),
      security_question: SECURITY_QUESTION,
      security_answer: newSecurityAnswer(),
    },
    { user_id: user.id },
  );
}
