import { useNavigate } from 'react-router-dom';
import * as M from '../../../shared/messages';
import { dialogIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen, tabSelected } from '../../app/ui-slice';
import { Button, Modal } from '../../ui';
import { addMoneyTabId } from '../add-money/add-money-ids';

/** 'Please activate your wallet': its button leads to the NGN tab of /add-money (spec §2). */
export function ActivateWalletPrompt() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.activateWallet));
  const close = () => dispatch(dialogClosed(dialogIds.activateWallet));

  const goToAccount = () => {
    close();
    dispatch(tabSelected({ id: addMoneyTabId, tab: 'NGN' }));
    void navigate(paths.addMoney);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={M.dashboard.activateWalletPrompt}
      description={M.nairaWallet.notActivated}
      footer={<Button onClick={goToAccount}>Activate Wallet</Button>}
    />
  );
}
