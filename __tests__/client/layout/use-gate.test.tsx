import { screen } from '@testing-library/react';
import { dialogIds } from '../../../src/client/app/dialog-ids';
import { paths } from '../../../src/client/app/paths';
import { useGate } from '../../../src/client/app/use-gate';
import type { User } from '../../../src/shared/types';
import { renderWithProviders } from '../../support/render';
import { verifiedUser } from '../../support/server-mock';

function Tile({ action }: { action: () => void }) {
  const { runGated, allowed } = useGate();
  return (
    <>
      <button type="button" onClick={() => runGated(action)}>Exchange</button>
      <output aria-label="allowed">
        {[paths.dashboard, paths.profile, paths.about, paths.verification, paths.exchange, paths.addMoney, paths.history]
          .filter(allowed)
          .join(' ')}
      </output>
    </>
  );
}

const UNVERIFIED = { is_phone_verified: false };

function renderTile(profile: Partial<User>) {
  const action = jest.fn();
  const view = renderWithProviders(<Tile action={action} />, {
    preloadedState: { user: { profile: { ...verifiedUser(), ...profile } } },
  });
  const openDialogs = () => Object.keys(view.store.getState().ui.dialogs);
  return { ...view, action, openDialogs };
}

describe('useGate().runGated: the dashboard tile rule', () => {
  test.each<[string, Partial<User>, string[], boolean]>([
    ['unverified with a first name → verification reminder', { ...UNVERIFIED }, [dialogIds.verificationReminder], false],
    ['unverified with a first name and no PIN → verification reminder', { ...UNVERIFIED, is_set_transaction_pin: false }, [dialogIds.verificationReminder], false],
    ['unverified without a first name and no PIN → set-PIN dialog', { ...UNVERIFIED, first_name: '', is_set_transaction_pin: false }, [dialogIds.setPin], false],
    ['unverified without a first name, with a PIN → runs (rule 1 needs the name)', { ...UNVERIFIED, first_name: '' }, [], true],
    ['verified without a PIN → set-PIN dialog', { is_set_transaction_pin: false }, [dialogIds.setPin], false],
    ['verified with a PIN → runs', {}, [], true],
  ])('%s', async (_name, profile, dialogs, runs) => {
    const { user, action, openDialogs } = renderTile(profile);

    await user.click(screen.getByRole('button', { name: 'Exchange' }));

    expect(openDialogs()).toEqual(dialogs);
    expect(action).toHaveBeenCalledTimes(runs ? 1 : 0);
  });
});

describe('useGate().allowed', () => {
  const allowed = () => screen.getByRole('status', { name: 'allowed' }).textContent;

  test('everything is open to a verified user with a PIN', () => {
    renderTile({});
    expect(allowed()).toBe('/dashboard /profile /about /verification /exchange /add-money /history');
  });

  test.each([
    ['email', { is_email_verified: false }],
    ['phone', { is_phone_verified: false }],
    ['identity', { is_identity_verified: false }],
    ['transaction PIN', { is_set_transaction_pin: false }],
  ])('without the %s only the dashboard, profile, about (and verification) are open', (_name, profile) => {
    renderTile(profile);
    expect(allowed()).toBe('/dashboard /profile /about /verification');
  });
});
