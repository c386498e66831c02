import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { useErrorToast } from '../../api/use-error-toast';
import { useWallet } from '../../app/use-wallet';
import { LoadingText, media, PageHeader } from '../../ui';
import { SelectCurrencyDialog } from '../transfer';
import { DashboardBalance } from './dashboard-balance';
import { ExchangeRates } from './exchange-rates';
import { QuickActions } from './quick-actions';
import { useUpdateTimezoneOnLoad } from './use-update-timezone-on-load';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} { gap: ${({ theme }) => theme.space.lg}; }
`;

const Balances = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} { gap: ${({ theme }) => theme.space.md}; }
`;

/**
 * /dashboard (spec §2): balances, the quick action tiles, then the rates; the tiles come before the
 * rates so that on a 360 x 640 phone they are on screen without scrolling.
 */
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
        <Sections>
          <Balances>
            <DashboardBalance currency="CAD" balance={cad.wallet?.balance} />
            <DashboardBalance currency="NGN" balance={ngn.wallet?.balance} />
          </Balances>
          <QuickActions />
          <ExchangeRates />
        </Sections>
      )}
      <SelectCurrencyDialog />
    </main>
  );
}
