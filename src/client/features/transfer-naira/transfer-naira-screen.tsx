import { useWallet } from '../../app/use-wallet';
import { PageHeader, Stack } from '../../ui';
import { NairaDeposit } from '../add-money';
import { useWalletNotLoadedToast } from '../money/use-wallet-not-loaded-toast';
import { NgnSendForm } from './ngn-send-form';

/**
 * /transfer-naira: the naira wallet's details (with the activation prompt while it is not
 * activated) and, once activated, the send form (spec §2). A failed fetch is toasted by
 * NairaDeposit; without a wallet to show, 'Failed to load wallet details' too (spec §8).
 */
export default function TransferNairaScreen() {
  const ngn = useWallet('NGN');
  const { wallet } = ngn;
  useWalletNotLoadedToast(ngn);
  return (
    <main>
      <PageHeader title="Send NGN" subtitle="Send money to any Nigerian bank account" />
      <Stack gap="lg">
        <NairaDeposit />
        {wallet?.is_wallet_activated && <NgnSendForm wallet={wallet} />}
      </Stack>
    </main>
  );
}
