import styled from 'styled-components';
import { CURRENCIES } from '../../../shared/limits';
import type { TransactionType } from '../../../shared/types';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { Button, Card, SelectField, Stack } from '../../ui';
import { currencyFiltered, selectHistory, typeFiltered } from './history-slice';

const typeOptions: { value: TransactionType | ''; label: string }[] = [
  { value: '', label: 'All Types' },
  { value: 'DEPOSIT', label: 'Received' },
  { value: 'WITHDRAWAL', label: 'Sent' },
  { value: 'WALLET TRANSACTION', label: 'Wallet Transfer' },
];

const GroupLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Toggle = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The Filters panel: a CAD/NGN toggle and the transaction type (spec §2). */
export function HistoryFilters({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const { currency, type } = useAppSelector(selectHistory);
  return (
    <Card id={id} aria-label="Filters">
      <Stack gap="xs">
        <GroupLabel id={`${id}-currency`}>Currency</GroupLabel>
        <Toggle role="group" aria-labelledby={`${id}-currency`}>
          {CURRENCIES.map((code) => (
            <Button
              key={code}
              variant={code === currency ? 'primary' : 'secondary'}
              aria-pressed={code === currency}
              onClick={() => dispatch(currencyFiltered(code))}
            >
              {code}
            </Button>
          ))}
        </Toggle>
      </Stack>
      <SelectField
        label="Transaction Type"
        value={type ?? ''}
        onChange={(event) => dispatch(typeFiltered((event.target.value || null) as TransactionType | null))}
      >
        {typeOptions.map(({ value, label }) => (
          <option key={label} value={value}>{label}</option>
        ))}
      </SelectField>
    </Card>
  );
}
