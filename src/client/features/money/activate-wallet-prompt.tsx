import { useNavigate } from 'react-router-dom';
import * as M from '../../../shared/messages';
import { dialogIds, tabIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen, tabSelected } from '../../app/ui-slice';
import { Button, Modal } from '../../ui';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';

/**
 * The wallet-activation dialog of spec §2, 'Please activate your wallet': its button leads to the
 * NGN tab of /add-money. Opened when a customer whose naira wallet is not activated picks naira
 * on /transfer-kudi (spec §6: NGN sending requires an activated NGN wallet).
 */
export function ActivateWalletPrompt() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => selectIsDialogOpen(state, dialogIds.activateWallet));
  const close = () => dispatch(dialogClosed(dialogIds.activateWallet));
  useDialogClosedOnUnmount(dialogIds.activateWallet);

  const goToAccount = () => {
    close();
    dispatch(tabSelected({ id: tabIds.addMoney, tab: 'NGN' }));
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
