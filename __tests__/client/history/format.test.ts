import {
  amountTone,
  formatDate,
  formatSignedAmount,
  pageCount,
  statusTone,
  transactionDetails,
} from '../../../src/client/features/history/format';
import { transaction } from '../../support/wallet-backend';

describe('history display rules', () => {
  test.each([
    ['completed', 'success'],
    ['COMPLETED', 'success'],
    ['Success', 'success'],
    ['pending', 'warning'],
    ['PENDING', 'warning'],
    ['failed', 'danger'],
    ['Failed', 'danger'],
    ['cancelled', 'neutral'],
    ['reversed', 'neutral'],
    ['', 'neutral'],
  ])('status %j is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  test('money in is green with a plus; money out red with a minus; symbol before, code after', () => {
    const deposit = transaction({ transaction_type: 'DEPOSIT', amount: 250.75, currency: 'CAD', recieved_from: 'Ada Obi' });
    const withdrawal = transaction({ transaction_type: 'WITHDRAWAL', amount: 1500, currency: 'NGN', recipient_name: 'Chidi', recieved_from: null });
    const sent = transaction({ transaction_type: 'WALLET TRANSACTION', amount: 1234567.5, currency: 'CAD', sent_to: 'Bola Ade', recieved_from: null });
    expect(formatSignedAmount(deposit)).toBe('+$250.75 CAD');
    expect(formatSignedAmount(withdrawal)).toBe('-₦1,500.00 NGN');
    expect(formatSignedAmount(sent)).toBe('-$1,234,567.50 CAD');
    expect(amountTone(deposit)).toBe('success');
    expect(amountTone(withdrawal)).toBe('danger');
    expect(amountTone(sent)).toBe('danger');
  });

  test('spec-next §C: a WALLET TRANSACTION received from another user is money in, green with a plus (the direction decides, not the type)', () => {
    const received = transaction({ transaction_type: 'WALLET TRANSACTION', amount: 40, currency: 'NGN', sent_to: null, recieved_from: 'Ada Obi', direction: 'credit' });
    expect(formatSignedAmount(received)).toBe('+₦40.00 NGN');
    expect(amountTone(received)).toBe('success');
    const sent = transaction({ transaction_type: 'WALLET TRANSACTION', amount: 40, currency: 'NGN', sent_to: 'Ada Obi', recieved_from: null, direction: 'debit' });
    expect(formatSignedAmount(sent)).toBe('-₦40.00 NGN');
    expect(amountTone(sent)).toBe('danger');
  });

  test('details: the first present of recipient_name, sent_to, recieved_from', () => {
    expect(transactionDetails(transaction({ recipient_name: 'Chidi', sent_to: 'b@x.com', recieved_from: 'Bola' }))).toBe('Chidi');
    expect(transactionDetails(transaction({ recipient_name: null, sent_to: 'b@x.com', recieved_from: 'Bola' }))).toBe('b@x.com');
    expect(transactionDetails(transaction({ recipient_name: '', sent_to: null, recieved_from: 'Bola' }))).toBe('Bola');
    // A conversion names no counterparty: its description says what it was.
    expect(transactionDetails(transaction({ recipient_name: null, sent_to: null, recieved_from: null, description: 'Converted to NGN' }))).toBe('Converted to NGN');
    expect(transactionDetails(transaction({ recipient_name: null, sent_to: null, recieved_from: null, description: null }))).toBe('—');
  });

  test('dates are shown YYYY-MM-DD', () => {
    expect(formatDate(new Date(2025, 2, 4, 12, 30).toISOString())).toBe('2025-03-04');
  });

  test.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [14, 10, 2],
    [15, 10, 2],
    [25, 10, 3],
    [5, 0, 1],
  ])('%i transactions of %i per page: %i page(s) (total / limit, rounded up, at least 1)', (total, limit, pages) => {
    expect(pageCount(total, limit)).toBe(pages);
  });
});
