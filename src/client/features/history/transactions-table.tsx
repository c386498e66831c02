import styled from 'styled-components';
import type { Transaction } from '../../../shared/types';
import { Badge, VisuallyHidden, type BadgeTone } from '../../ui';
import { amountTone, formatDate, formatSignedAmount, statusTone, transactionDetails } from './format';

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }
  th { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

const Amount = styled.span<{ $tone: BadgeTone }>`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const columns = ['Date', 'Type', 'Amount', 'Details', 'Status'];

/** One page of transactions; the status is written out, so colour is never the only signal. */
export function TransactionsTable({ transactions }: { transactions: Transaction[] }) {
  return (
    <Scroll>
      <Table>
        <caption><VisuallyHidden>Transactions</VisuallyHidden></caption>
        <thead>
          <tr>
            {columns.map((column) => <th key={column} scope="col">{column}</th>)}
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id}>
              <td>{formatDate(transaction.transaction_date)}</td>
              <td>{transaction.transaction_type}</td>
              <td>
                <Amount $tone={amountTone(transaction)}>
                  {formatSignedAmount(transaction)}
                </Amount>
              </td>
              <td>{transactionDetails(transaction)}</td>
              <td><Badge tone={statusTone(transaction.status)}>{transaction.status}</Badge></td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
