import * as M from '../../../shared/messages';
import { useErrorToast } from '../../api/use-error-toast';
import { useAppDispatch } from '../../app/store';
import { useWallet } from '../../app/use-wallet';
import { dialogOpened } from '../../app/ui-slice';
import { BalanceCard, Button, CopyField, Spinner, Stack } from '../../ui';
import { nairaActivationDialogId } from './add-money-ids';
import { Note } from './cad-deposit';
import { NairaActivationDialog } from './naira-activation-dialog';

/** NGN deposits by bank transfer to the wallet's virtual account, once the wallet is activated. */
export function NairaDeposit() {
  const dispatch = useAppDispatch();
  const { wallet, error, isLoading } = useWallet('NGN');
  useErrorToast(error, M.dashboard.nairaWalletFailed);
  if (isLoading) return <Spinner label="Loading wallet details" />;

  const details = wallet?.is_wallet_activated
    ? [
        { label: 'Bank name', value: wallet.bank_name },
        { label: 'Account name', value: wallet.account_name },
        { label: 'Account number', value: wallet.account_number },
      ]
    : [];

  return (
    <Stack>
      <BalanceCard currency="NGN" balance={wallet?.balance} title="Current Balance" />
      {details.map(({ label, value }) => value && <CopyField key={label} label={label} value={value} />)}
      {wallet && !wallet.is_wallet_activated && (
        <>
          <Note>{M.nairaWallet.notActivated}</Note>
          <div>
            <Button onClick={() => dispatch(dialogOpened(nairaActivationDialogId))}>Activate Wallet</Button>
          </div>
          <NairaActivationDialog />
        </>
      )}
    </Stack>
  );
}
