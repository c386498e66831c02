import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../shared/product';
import type { Currency } from '../../../shared/types';
import { dialogIds } from '../../app/dialog-ids';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogOpened, selectTab, tabSelected } from '../../app/ui-slice';
import { useSendAgainDraft } from '../../app/use-send-again-draft';
import { useWallet } from '../../app/use-wallet';
import { PageHeader, Tabs } from '../../ui';
import { ActivateWalletPrompt } from '../money/activate-wallet-prompt';
import { UserTransferForm } from './user-transfer-form';

/** ui-slice key of the selected currency tab. */
const TAB_ID = 'transfer-user';

const tabs = [
  { value: 'CAD', label: 'CAD' },
  { value: 'NGN', label: 'NGN' },
] as const;

/**
 * /transfer-kudi: send CAD or NGN to another user of the product by email (spec §2). Picking NGN
 * while the naira wallet is not activated also opens the wallet-activation dialog.
 */
export default function TransferUserScreen() {
  const dispatch = useAppDispatch();
  const currency: Currency = useAppSelector((state) => selectTab(state, TAB_ID, 'CAD')) === 'NGN' ? 'NGN' : 'CAD';
  const { wallet: nairaWallet } = useWallet('NGN');
  // Send again from a history item (spec-next §C): its currency's tab, its recipient and amount.
  const again = useSendAgainDraft('kudi-user');
  useEffect(() => {
    if (again) dispatch(tabSelected({ id: TAB_ID, tab: again.currency }));
  }, [again, dispatch]);
  const selectCurrency = (tab: Currency) => {
    dispatch(tabSelected({ id: TAB_ID, tab }));
    if (tab === 'NGN' && nairaWallet?.is_wallet_activated === false) dispatch(dialogOpened(dialogIds.activateWallet));
  };

  return (
    <main>
      <PageHeader title={`Send to a ${PRODUCT_NAME} user`} subtitle={`Send money to anyone with a ${PRODUCT_NAME} account`} />
      <Tabs label="Currency" tabs={tabs} value={currency} onChange={selectCurrency}>
        <UserTransferForm currency={currency} prefill={again && { email: again.email, amount: again.amount }} />
      </Tabs>
      <ActivateWalletPrompt />
    </main>
  );
}
