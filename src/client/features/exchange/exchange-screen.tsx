import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { CONVERSION_TOAST_MS, CURRENCIES } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { formatMajor, formatRate } from '../../../shared/money';
import type { Currency } from '../../../shared/types';
import { messageOf } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetRateQuery } from '../../api/wallet-api';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { screenToast } from '../../app/toasts';
import { useWallet } from '../../app/use-wallet';
import { BalanceCard, Button, Card, IconButton, PageHeader, SelectField, Stack, ConvertIcon, TextField } from '../../ui';
import { useMoneySend, type CallError } from '../money/use-money-send';
import {
  conversionError,
  conversionSides,
  exactTarget,
  exceedsBalance,
  insufficientMessage,
} from './conversion';
import { useConvertCurrencyMutation } from './exchange-api';
import {
  amountEdited,
  amountsCleared,
  currencyChosen,
  insufficientWarningChanged,
  selectExchange,
  swapped,
  targetNormalised,
  type Side,
} from './exchange-slice';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(96px, 1fr) 2fr;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
`;

const Warning = styled.p`
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const RateLine = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** A failed conversion: the server's message, else 'Conversion failed' (spec §8). */
const conversionFailed = (error: CallError | undefined) => messageOf(error, M.exchange.failed);

const amountLabel: Record<Side, string> = { from: 'You send', to: 'You receive' };
const currencyLabel: Record<Side, string> = { from: 'From', to: 'To' };

interface SideFieldsProps {
  side: Side;
  currency: Currency;
  amount: string;
  /** Help text under the amount, e.g. the exact amount to receive. */
  hint?: string | null;
  /** Whether the customer is typing in this side's amount (its figure is not rewritten meanwhile). */
  onEditing(side: Side | null): void;
}

function SideFields({ side, currency, amount, hint, onEditing }: SideFieldsProps) {
  const dispatch = useAppDispatch();
  return (
    <Row>
      <SelectField
        label={currencyLabel[side]}
        value={currency}
        onChange={(event) => dispatch(currencyChosen({ side, currency: event.target.value as Currency }))}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>{code}</option>
        ))}
      </SelectField>
      <TextField
        label={amountLabel[side]}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        hint={hint}
        onFocus={() => onEditing(side)}
        onBlur={() => onEditing(null)}
        onChange={(event) => dispatch(amountEdited({ side, amount: event.target.value }))}
      />
    </Row>
  );
}

/**
 * /exchange: CAD↔NGN at the quoted rate; the last edited side drives the other (spec §2, §4, §5).
 * The customer gets exactly the amount shown: when "You receive" drives, its figure is set to
 * what the server credits for the amount to send (as soon as the customer leaves the field, and in
 * any case before Convert sends anything), from the same shared convert() the server uses.
 */
export default function ExchangeScreen() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const form = useAppSelector(selectExchange);
  const { from, to, insufficientWarned } = form;
  const cad = useWallet('CAD');
  const ngn = useWallet('NGN');
  // Refetched on mount and focus; only the quote of the pair on screen counts (not the previous pair's).
  const rate = useGetRateQuery({ from, to });
  const rateShown = rate.currentData?.actual_rate;
  const [convertCurrency, { isLoading }] = useConvertCurrencyMutation();
  const moneySend = useMoneySend();
  const [editing, setEditing] = useState<Side | null>(null);
  useErrorToast(cad.error ?? ngn.error, M.transfers.walletFetchFailed);
  useErrorToast(rate.error, M.exchange.rateFetchFailed);

  const sides = conversionSides(form, rateShown);
  const exact = exactTarget(form, rateShown);
  const balance = (from === 'CAD' ? cad.wallet : ngn.wallet)?.balance;
  const over = exceedsBalance(sides.from, balance);
  // No conversion against a rate the customer has not seen: Convert waits for the quote on screen.
  const rateReady = rateShown !== undefined && !rate.isFetching;

  // The live warning: once when the amount goes above the balance, again only after it came back.
  useEffect(() => {
    if (over === insufficientWarned) return;
    if (over && balance !== undefined) {
      const message = insufficientMessage(from, balance);
      toast.warn(message, screenToast(message));
    }
    dispatch(insufficientWarningChanged(over));
  }, [over, insufficientWarned, balance, from, dispatch]);

  // "You receive" shows what will be credited once the customer is not typing in it (after leaving
  // the field, a swap or a new quote).
  useEffect(() => {
    if (exact !== null && editing !== 'to') dispatch(targetNormalised(exact));
  }, [exact, editing, dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rateShown || !rateReady) return;
    // The form as it is now (leaving the field for Convert may just have set the exact amount).
    const current = selectExchange(store.getState());
    const adjusted = exactTarget(current, rateShown);
    if (adjusted !== null) {
      // Convert pressed (Enter) while the typed target is not what would be credited: show it first.
      dispatch(targetNormalised(adjusted));
      toast.info(M.exchange.exactCreditAdjusted(formatMajor(Number(adjusted)), current.to));
      return;
    }
    const source = conversionSides(current, rateShown).from;
    const invalid = conversionError(source, current.from, balance);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    const body = { from_currency: current.from, to_currency: current.to, amount: source.trim(), timezone: deviceTimeZone() };
    const converted = await moneySend({
      body,
      send: convertCurrency,
      succeeded: (data) => data.message === M.exchange.successServer,
      successMessage: M.exchange.convertedSuccess(body.from_currency, body.amount, body.to_currency),
      successToast: { autoClose: CONVERSION_TOAST_MS },
      failureMessage: conversionFailed,
    });
    if (converted) dispatch(amountsCleared());
  };

  return (
    <main>
      <PageHeader title="Exchange" subtitle="Convert between your CAD and NGN wallets" />
      <Stack gap="lg">
        <Grid>
          <BalanceCard currency="CAD" balance={cad.wallet?.balance} />
          <BalanceCard currency="NGN" balance={ngn.wallet?.balance} />
        </Grid>
        <Card as="form" aria-label="Convert currency" onSubmit={(event: FormEvent) => void submit(event)} noValidate>
          <SideFields side="from" currency={from} amount={sides.from} onEditing={setEditing} />
          <Centered>
            <IconButton label="Swap currencies" onClick={() => dispatch(swapped(sides))}>
              <ConvertIcon />
            </IconButton>
          </Centered>
          <SideFields
            side="to"
            currency={to}
            amount={sides.to}
            hint={exact !== null ? M.exchange.exactCredit(formatMajor(Number(exact)), to) : null}
            onEditing={setEditing}
          />
          {/* The live warning also stays on screen, from the store, so time-travel and replay show it. */}
          {over && balance !== undefined && <Warning>{insufficientMessage(from, balance)}</Warning>}
          <RateLine aria-live="polite">
            {rateShown ? `Rate: 1 CAD = ${formatRate(rateShown)} NGN` : 'Rate: …'}
          </RateLine>
          <Button type="submit" fullWidth busy={isLoading} busyLabel="Converting..." disabled={!rateReady}>Convert</Button>
        </Card>
      </Stack>
    </main>
  );
}
