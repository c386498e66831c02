import { skipToken } from '@reduxjs/toolkit/query';
import styled from 'styled-components';
import { DEBOUNCE_MS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { useErrorToast } from '../../api/use-error-toast';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { EmptyState, LoadingText, Stack, TextField } from '../../ui';
import { useDebouncedValue } from '../money/use-debounced-value';
import type { BillCategory } from '../../../shared/types';
import type { CategoryTexts } from './bill-categories';
import { useSearchPayeesQuery } from './bill-payment-api';
import { payeeSelected, queryChanged, selectQuery } from './bill-payment-slice';

const Results = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PayeeButton = styled.button`
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  text-align: left;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

/**
 * The payee search (spec §4, §5) among the category's payees: debounced DEBOUNCE_MS; an empty
 * query clears the results at once.
 */
export function PayeeSearch({ category, texts }: { category: BillCategory; texts: CategoryTexts }) {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectQuery);
  const settled = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const name = query.trim() ? settled : '';
  const { currentData: payees, isFetching, error } = useSearchPayeesQuery(name ? { name, category } : skipToken);
  useErrorToast(error, M.bills.payeesFetchFailed);

  return (
    <Stack>
      <TextField
        label="Search"
        type="search"
        placeholder={texts.searchPlaceholder}
        autoComplete="off"
        value={query}
        onChange={(event) => dispatch(queryChanged(event.target.value))}
      />
      {isFetching && <LoadingText>Searching...</LoadingText>}
      {payees?.length === 0 && <EmptyState title={texts.noResults} />}
      {payees && payees.length > 0 && (
        <Results aria-label="Payees">
          {payees.map((payee) => (
            <li key={payee.PayeeCode}>
              <PayeeButton type="button" onClick={() => dispatch(payeeSelected(payee))}>{payee.PayeeName}</PayeeButton>
            </li>
          ))}
        </Results>
      )}
    </Stack>
  );
}
