import { useNavigate } from 'react-router-dom';
import type { Currency } from '../../../shared/types';
import { dialogIds } from '../../app/dialog-ids';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Modal } from '../../ui';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { CurrencyChoices, sendPath } from './currency-choices';

/**
 * The dashboard's Send Money dialog: 'Send CAD' goes to /transfer-cad and 'Send NGN' to
 * /transfer-naira (spec §2), which itself asks to activate a naira wallet that is not activated.
 */
export function SelectCurrencyDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.selectCurrency));
  const close = () => dispatch(dialogClosed(dialogIds.selectCurrency));
  useDialogClosedOnUnmount(dialogIds.selectCurrency);

  const choose = (currency: Currency) => {
    close();
    void navigate(sendPath[currency]);
  };

  return (
    <Modal open={open} onClose={close} title="Select Currency">
      <CurrencyChoices headingLevel="h3" onChoose={choose} />
    </Modal>
  );
}
