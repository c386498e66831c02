import { useNavigate } from 'react-router-dom';
import type { Currency } from '../../../shared/types';
import { useGetNairaWalletQuery } from '../../api/wallet-api';
import { dialogIds } from '../../app/dialog-ids';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { Modal } from '../../ui';
import { CurrencyChoices, sendPath } from './currency-choices';

/**
 * The dashboard's Send Money dialog. Sending NGN from a naira wallet that is not activated opens
 * the wallet-activation dialog instead (spec §6: NGN sending requires an activated wallet).
 */
export function SelectCurrencyDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.selectCurrency));
  const { data: nairaWallet } = useGetNairaWalletQuery();
  const close = () => dispatch(dialogClosed(dialogIds.selectCurrency));

  const choose = (currency: Currency) => {
    close();
    if (currency === 'NGN' && nairaWallet?.is_wallet_activated === false) {
      dispatch(dialogOpened(dialogIds.activateWallet));
    } else {
      void navigate(sendPath[currency]);
    }
  };

  return (
    <Modal open={open} onClose={close} title="Select Currency">
      <CurrencyChoices headingLevel="h3" onChoose={choose} />
    </Modal>
  );
}
