import type { Currency } from '../../../shared/types';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { BalanceCard, EyeIcon, EyeOffIcon, IconButton } from '../../ui';
import { selectBalanceShown, setBalanceShown } from './dashboard-slice';

/** A balance card with a show/hide toggle remembered on this device (spec §2). */
export function DashboardBalance({ currency, balance }: { currency: Currency; balance: number | undefined }) {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((state) => selectBalanceShown(state, currency));
  return (
    <BalanceCard
      currency={currency}
      balance={balance}
      hidden={!shown}
      action={
        <IconButton
          label={`${shown ? 'Hide' : 'Show'} ${currency} balance`}
          onClick={() => dispatch(setBalanceShown(currency, !shown))}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    />
  );
}
