import styled from 'styled-components';
import type { Transaction } from '../../../shared/types';
import { Badge, mediaBelow, VisuallyHidden, type BadgeTone } from '../../ui';
import { amountTone, formatDate, formatSignedAmount, statusTone, transactionDetails } from './format';

// Under the `md` breakpoint (phones, small tablets) the rows are cards; from `md` up, a table.
// One table on every screen, so its semantics (rows, cells, column headers) stay; on a narrow
// screen CSS lays each row out as a card:
//   details            amount
//   date   type        status
// The cells keep their order (date, type, amount, details, status) for assistive technology.
/** A wide table on a screen between the breakpoints scrolls inside its card, never the page. */
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

  ${mediaBelow.md} {
    display: block;
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
    tbody {
      display: flex;
      flex-direction: column;
      gap: ${({ theme }) => theme.space.sm};
    }
    tr {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      grid-template-areas:
        'details details amount'
        'date type status';
      align-items: center;
      gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
      padding: ${({ theme }) => theme.space.md};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.md};
      background: ${({ theme }) => theme.colors.surface};
      box-shadow: ${({ theme }) => theme.shadows.sm};
    }
    td { padding: 0; border: 0; }
    td:nth-child(1) { grid-area: date; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
    td:nth-child(2) {
      grid-area: type;
      font-size: ${({ theme }) => theme.fontSizes.xs};
      color: ${({ theme }) => theme.colors.muted};
      white-space: normal;
    }
    td:nth-child(3) { grid-area: amount; justify-self: end; }
    td:nth-child(4) {
      grid-area: details;
      font-weight: ${({ theme }) => theme.fontWeights.semibold};
      white-space: normal;
      overflow-wrap: break-word;
    }
    td:nth-child(5) { grid-area: status; justify-self: end; }
  }
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
