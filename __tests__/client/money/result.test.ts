import moment from 'moment';
import { decimalMoney, expectedTime, onItsWay, resultMessage, statusRows } from '../../../src/client/features/money/result';

/** A local time (the customer's, the device's zone): `day` days from `now`'s day, at hh:mm. */
const localAt = (now: moment.Moment, day: number, hour: number, minute: number) =>
  now.clone().add(day, 'days').set({ hour, minute, second: 0, millisecond: 0 }).toISOString();

describe('what a result says (spec-next §C)', () => {
  const now = moment('2026-11-26T10:00:00');

  test('the expected arrival in the customer\'s time: the time today, the date too on another day, the year too in another year', () => {
    expect(expectedTime(localAt(now, 0, 15, 45), now)).toBe('3:45 PM');
    expect(expectedTime(localAt(now, 1, 9, 5), now)).toBe('Nov 27, 9:05 AM');
    expect(expectedTime(localAt(now, 40, 9, 5), now)).toBe('Jan 5, 2027, 9:05 AM');
  });

  test('a pending payout is on its way, with its arrival when known; only a completed one says completed', () => {
    const today = moment().set({ hour: 15, minute: 45, second: 0, millisecond: 0 }).toISOString();
    expect(onItsWay(today)).toBe('On its way. Expected by 3:45 PM');
    expect(onItsWay(undefined)).toBe('On its way.');
    expect(resultMessage({ status: 'pending', arrives_by: today }, 'Transaction completed successfully!')).toBe('On its way. Expected by 3:45 PM');
    expect(resultMessage({ status: 'completed' }, 'Transaction completed successfully!')).toBe('Transaction completed successfully!');
    expect(resultMessage({ status: 'failed' }, 'Transaction completed successfully!')).toBe('Transfer failed.');
  });

  test('the status lines of a receipt: on its way with the arrival while pending, else the status alone', () => {
    const arrives = moment().set({ hour: 15, minute: 45 }).toISOString();
    expect(statusRows({ status: 'pending', arrives_by: arrives })).toEqual([
      { label: 'Status', value: 'On its way' },
      { label: 'Arrives by', value: expect.stringMatching(/ 3:45 PM$/) },
    ]);
    expect(statusRows({ status: 'completed', arrives_by: arrives })).toEqual([{ label: 'Status', value: 'Completed' }]);
    expect(statusRows({ status: 'failed' })).toEqual([{ label: 'Status', value: 'Failed' }]);
  });

  test('money of the decimal fields is shown with its symbol and separators, from its digits (no float)', () => {
    expect(decimalMoney('CAD', '0.00')).toBe('$0.00');
    expect(decimalMoney('NGN', '1250.50')).toBe('₦1,250.50');
    expect(decimalMoney('CAD', '90071992547409.99')).toBe('$90,071,992,547,409.99');
  });
});
