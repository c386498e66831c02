import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { useErrorToast } from '../../api/use-error-toast';
import { useWallet } from '../../app/use-wallet';
import { LoadingText, PageHeader, Stack } from '../../ui';
import { SelectCurrencyDialog } from '../transfer';
import { DashboardBalance } from './dashboard-balance';
import { ExchangeRates } from './exchange-rates';
import { QuickActions } from './quick-actions';
import { useUpdateTimezoneOnLoad } from './use-update-timezone-on-load';

const Balances = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

/** /dashboard (spec §2): balances, rates and the quick action tiles. */
export default function DashboardScreen() {
  useUpdateTimezoneOnLoad();
  const cad = useWallet('CAD');
  const ngn = useWallet('NGN');
  useErrorToast(cad.error ?? ngn.error, M.dashboard.walletDataFailed);

  return (
    <main>
      <PageHeader title={M.dashboard.greeting} subtitle={M.dashboard.subtitle} />
      {cad.isLoading || ngn.isLoading ? (
        <LoadingText>{M.dashboard.loading}</LoadingText>
      ) : (
        <Stack gap="lg">
          <Balances>
            <DashboardBalance currency="CAD" balance={cad.wallet?.balance} />
            <DashboardBalance currency="NGN" balance={ngn.wallet?.balance} />
          </Balances>
          <ExchangeRates />
          <QuickActions />
        </Stack>
      )}
      <SelectCurrencyDialog />
    </main>
  );
}
