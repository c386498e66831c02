import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CURRENCY_SYMBOL } from '../../shared/limits';
import { formatMajor } from '../../shared/money';
import type { Currency } from '../../shared/types';
import { VisuallyHidden } from './layout';
import { media } from './theme';

/** '$1,234.50', '₦250,000.00': a major-unit amount with its currency symbol and 2 decimals. */
export const formatMoney = (currency: Currency, major: number): string => `${CURRENCY_SYMBOL[currency]}${formatMajor(major)}`;

// A phone: title over amount on the left, the corner control centred on the right (a short card,
// so the dashboard's quick actions stay above the fold). From `sm` up: title and control in a row
// over a larger amount.
const Root = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  column-gap: ${({ theme }) => theme.space.sm};
  row-gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: ${({ theme }) => theme.shadows.md};
  ${media.sm} {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const Header = styled.div`
  display: contents;
  & button { color: inherit; }
  & button:hover:not(:disabled) { color: ${({ theme }) => theme.colors.primary}; }
  ${media.sm} {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    min-height: 40px;
  }
`;

const Title = styled.h2`
  grid-column: 1;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  ${media.sm} { font-size: ${({ theme }) => theme.fontSizes.md}; }
`;

const Action = styled.div`
  display: flex;
  grid-column: 2;
  grid-row: 1 / span 2;
`;

const Amount = styled.p`
  grid-column: 1;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
  ${media.sm} { font-size: ${({ theme }) => theme.fontSizes.xxl}; }
`;

export interface BalanceCardProps {
  currency: Currency;
  /** Major units; undefined while the wallet loads. */
  balance: number | undefined;
  /** Default '{currency} Balance'. */
  title?: string;
  /** Shows dots instead of the amount. */
  hidden?: boolean;
  /** A control in the card's corner, e.g. the show/hide toggle. */
  action?: ReactNode;
}

/** A wallet balance: '$1,234.50', or dots when hidden. */
export function BalanceCard({ currency, balance, title = `${currency} Balance`, hidden = false, action }: BalanceCardProps) {
  const shown = balance === undefined ? '…' : formatMoney(currency, balance);
  return (
    <Root aria-label={title}>
      <Header>
        <Title>{title}</Title>
        {action && <Action>{action}</Action>}
      </Header>
      {hidden ? (
        <Amount>
          <span aria-hidden="true">••••••</span>
          <VisuallyHidden>Balance hidden</VisuallyHidden>
        </Amount>
      ) : (
        <Amount>{shown}</Amount>
      )}
    </Root>
  );
}
