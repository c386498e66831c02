import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Transaction } from '../../../shared/types';
import { historyItemPath } from '../../app/paths';
import { Badge, mediaBelow, VisuallyHidden, type BadgeTone } from '../../ui';
import { amountTone, formatDate, formatSignedAmount, REFUNDED_LABEL, statusTone, transactionDetails } from './format';

// Under the `md` breakpoint (phones, small tablets) the rows are cards; from `md` up, a table.
// One table on every screen, so its semantics (rows, cells, column headers) stay; on a narrow
// screen CSS lays each row out as a card, the type under the date (beside a status and its
// 'Refunded' badge, a type such as WITHDRAWAL had no room on a 360 px phone):
//   details            amount
//   date               status
//   type
// The cells keep their order (date, type, amount, details, status) for assistive technology.
// Each row opens the item's detail page (spec-next §C): its Details cell holds the link (Tab and
// Enter), whose hit area covers the whole row, and a click anywhere on the row follows it too.
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
  tbody tr {
    position: relative;
    cursor: pointer;
  }
  tbody tr:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  tbody tr:focus-within { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: -2px; }

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
      /* The details keep at least 40% of the card (a name's longest word, 'Williamson', fits it
         on a 360 px phone): a wide amount ('+₦1,185,000.00 NGN') puts its currency on a line of
         its own rather than split the name inside a word; '+₦10,400,000.00' still fits beside. */
      grid-template-columns: minmax(40%, 1fr) auto;
      grid-template-areas:
        'details amount'
        'date status'
        'type status';
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
    td:nth-child(3) { grid-area: amount; justify-self: end; white-space: normal; text-align: right; }
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

/**
 * The row's link: the details in the text's colour; its hit area is stretched over the whole row
 * (the row is its containing block), and its focus ring is the row's (focus-within).
 */
const RowLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:hover { text-decoration: underline; }
  &:focus-visible { outline: none; text-decoration: underline; }
`;

/** The status, then 'Refunded' for a failed or cancelled payout whose money came back; they wrap on a phone. */
const Statuses = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The status badge (the status written out, so colour is never the only signal) and 'Refunded' when it applies. */
export function StatusBadges({ transaction }: { transaction: Pick<Transaction, 'status' | 'refunded'> }) {
  return (
    <Statuses>
      <Badge tone={statusTone(transaction.status)}>{transaction.status}</Badge>
      {transaction.refunded && (
        <>
          {' '}
          <Badge tone="neutral">{REFUNDED_LABEL}</Badge>
        </>
      )}
    </Statuses>
  );
}

const columns = ['Date', 'Type', 'Amount', 'Details', 'Status'];

/** The link's name is the row's details; a row that names nobody (a conversion) is named by its type and amount. */
const linkName = (transaction: Transaction): string | undefined =>
  transactionDetails(transaction) === '—' ? `${transaction.transaction_type} ${formatSignedAmount(transaction)}` : undefined;

/** A click on the row (outside its link) opens the detail page, as the link does. */
function useRowOpener() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    if (event.target instanceof Element && event.target.closest('a')) return;
    // Text being selected is not a click on the row.
    if (window.getSelection()?.toString()) return;
    void navigate(historyItemPath(id));
  };
}

/** One page of transactions; each row opens its detail page. */
export function TransactionsTable({ transactions }: { transactions: Transaction[] }) {
  const openRow = useRowOpener();
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
            <tr key={transaction.id} onClick={(event) => openRow(event, transaction.id)}>
              <td>{formatDate(transaction.transaction_date)}</td>
              <td>{transaction.transaction_type}</td>
              <td>
                <Amount $tone={amountTone(transaction)}>
                  {formatSignedAmount(transaction)}
                </Amount>
              </td>
              <td>
                <RowLink to={historyItemPath(transaction.id)} aria-label={linkName(transaction)}>
                  {transactionDetails(transaction)}
                </RowLink>
              </td>
              <td><StatusBadges transaction={transaction} /></td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
