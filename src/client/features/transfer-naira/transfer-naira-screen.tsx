import { useGetNairaWalletQuery } from '../../api/wallet-api';
import { PageHeader, Stack } from '../../ui';
import { NairaDeposit } from '../add-money/naira-deposit';
import { NgnSendForm } from './ngn-send-form';

/**
 * /transfer-naira: the naira wallet's details (with the activation prompt while it is not
 * activated) and, once activated, the send form (spec §2).
 */
export default function TransferNairaScreen() {
  const { data: wallet } = useGetNairaWalletQuery();
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
