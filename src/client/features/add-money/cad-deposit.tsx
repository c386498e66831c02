import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import { useErrorToast } from '../../api/use-error-toast';
import { useWallet } from '../../app/use-wallet';
import { BalanceCard, CopyField, Spinner, Stack } from '../../ui';

export const Note = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
`;

/** CAD deposits by e-Transfer: the deposit email and, when set, the reference question and answer. */
export function CadDeposit() {
  const { wallet, error, isLoading } = useWallet('CAD');
  useErrorToast(error, M.dashboard.cadWalletFailed);
  if (isLoading) return <Spinner label="Loading wallet details" />;

  return (
    <Stack>
      <BalanceCard currency="CAD" balance={wallet?.balance} title="Current Balance" />
      {wallet && (
        <>
          <CopyField label="Deposit email" value={wallet.email} />
          {wallet.security_question && <CopyField label="Reference question" value={wallet.security_question} />}
          {wallet.security_answer && <CopyField label="Security answer" value={wallet.security_answer} />}
          <Note>
            e-Transfers must come from a bank account in the same name as your {PRODUCT_NAME} account.
          </Note>
        </>
      )}
    </Stack>
  );
}
