import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CURRENCY_SYMBOL } from '../../shared/limits';
import { formatMajor } from '../../shared/money';
import type { Currency } from '../../shared/types';
import { VisuallyHidden } from './layout';

/** '$1,234.50', '₦250,000.00': a major-unit amount with its currency symbol and 2 decimals. */
export const formatMoney = (currency: Currency, major: number): string => `${CURRENCY_SYMBOL[currency]}${formatMajor(major)}`;

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 40px;
  & button { color: inherit; }
  & button:hover:not(:disabled) { color: ${({ theme }) => theme.colors.primary}; }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Amount = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
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
        {action}
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
