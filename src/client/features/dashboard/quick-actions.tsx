import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../../shared/product';
import type { BillCategory } from '../../../shared/types';
import { dialogIds } from '../../app/dialog-ids';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/store';
import { dialogOpened } from '../../app/ui-slice';
import { useGate } from '../../app/use-gate';
import { Card, CardTitle, media } from '../../ui';

// A phone: three compact tiles a row, so all seven are on screen under the balances; a label
// wraps between its words only.
const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(88px, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.sm} {
    grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Tile = styled.button`
  width: 100%;
  height: 100%;
  min-height: 52px;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  ${media.sm} {
    min-height: 72px;
    padding: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.body};
  }
`;

const bills = (category: BillCategory) => `${paths.billPayment}?category=${category}`;

/** The dashboard tiles (spec §2, and Electricity); every one goes through the gate (verification, then PIN) first. */
export function QuickActions() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { runGated } = useGate();
  const go = (to: string) => () => void navigate(to);

  const tiles = [
    { label: 'Wallet Details', run: go(paths.addMoney) },
    { label: 'Send Money', run: () => dispatch(dialogOpened(dialogIds.selectCurrency)) },
    { label: `Send to a ${PRODUCT_NAME} user`, run: go(paths.transferUser) },
    { label: 'Exchange', run: go(paths.exchange) },
    { label: 'History', run: go(paths.history) },
    { label: 'School', run: go(bills('school')) },
    // Not a tile of spec §2, which has a screen for electricity (/bill-payment?category=electricity) and no way to it.
    { label: 'Electricity', run: go(bills('electricity')) },
    { label: 'Pay Bills', run: go(bills('bills')) },
  ];

  return (
    <Card aria-labelledby="quick-actions-title">
      <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
      <Grid>
        {tiles.map(({ label, run }) => (
          <li key={label}>
            <Tile type="button" onClick={() => runGated(run)}>{label}</Tile>
          </li>
        ))}
      </Grid>
    </Card>
  );
}
