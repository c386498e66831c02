import styled from 'styled-components';
import * as M from '../../../shared/messages';
import { CURRENCY_SYMBOL } from '../../../shared/limits';
import { formatRate, parseRate } from '../../../shared/money';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetRateQuery } from '../../api/wallet-api';
import { Card, CardTitle, media } from '../../ui';

/** Decimals of the tiny NGN→CAD figure (1 NGN is a fraction of a cent). */
const INVERSE_DECIMALS = 6;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(128px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  ${media.sm} { gap: ${({ theme }) => theme.space.md}; }
`;

const Tile = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

/** Both quotes are NGN per 1 CAD: 1 CAD buys the CAD→NGN quote; 1 NGN buys 1 / the NGN→CAD quote. */
export function ExchangeRates() {
  const cadToNgn = useGetRateQuery({ from: 'CAD', to: 'NGN' });
  const ngnToCad = useGetRateQuery({ from: 'NGN', to: 'CAD' });
  useErrorToast(cadToNgn.error ?? ngnToCad.error, M.dashboard.ratesFailed);

  const unavailable = (isLoading: boolean) => (isLoading ? '…' : 'Unavailable');
  const cadInNgn = cadToNgn.data ? `${CURRENCY_SYMBOL.NGN}${formatRate(cadToNgn.data.actual_rate)}` : unavailable(cadToNgn.isLoading);
  const ngnInCad = ngnToCad.data
    ? `${CURRENCY_SYMBOL.CAD}${(1 / parseRate(ngnToCad.data.actual_rate)).toFixed(INVERSE_DECIMALS)}`
    : unavailable(ngnToCad.isLoading);

  return (
    <Card aria-labelledby="exchange-rates-title">
      <CardTitle id="exchange-rates-title">Exchange Rates</CardTitle>
      <Tiles>
        <Tile>
          <dt>1 CAD</dt>
          <dd>{cadInNgn}</dd>
        </Tile>
        <Tile>
          <dt>1 NGN</dt>
          <dd>{ngnInCad}</dd>
        </Tile>
      </Tiles>
    </Card>
  );
}
