import { useEffect, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { CONVERSION_TOAST_MS, CURRENCIES } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { formatRate } from '../../../shared/money';
import type { Currency } from '../../../shared/types';
import { messageOf } from '../../api/error-message';
import { useIdempotencyKeys } from '../../api/idempotency-key';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetCadWalletQuery, useGetNairaWalletQuery, useGetRateQuery } from '../../api/wallet-api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { BalanceCard, Button, Card, IconButton, PageHeader, SelectField, Stack, ConvertIcon, TextField } from '../../ui';
import { conversionError, conversionSides, exceedsBalance, insufficientMessage } from './conversion';
import { useConvertCurrencyMutation } from './exchange-api';
import {
  amountEdited,
  amountsCleared,
  currencyChosen,
  insufficientWarningChanged,
  selectExchange,
  swapped,
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

const amountLabel: Record<Side, string> = { from: 'You send', to: 'You receive' };
const currencyLabel: Record<Side, string> = { from: 'From', to: 'To' };

function SideFields({ side, currency, amount }: { side: Side; currency: Currency; amount: string }) {
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
        onChange={(event) => dispatch(amountEdited({ side, amount: event.target.value }))}
      />
    </Row>
  );
}

/** /exchange: CAD↔NGN at the quoted rate; the last edited side drives the other (spec §2, §4, §5). */
export default function ExchangeScreen() {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectExchange);
  const { from, to, insufficientWarned } = form;
  const cad = useGetCadWalletQuery();
  const ngn = useGetNairaWalletQuery();
  const rate = useGetRateQuery({ from, to });
  const [convertCurrency, { isLoading }] = useConvertCurrencyMutation();
  const keys = useIdempotencyKeys();
  useErrorToast(cad.error ?? ngn.error, M.transfers.walletFetchFailed);
  useErrorToast(rate.error, M.exchange.rateFetchFailed);

  const sides = conversionSides(form, rate.data?.actual_rate);
  const balance = (from === 'CAD' ? cad.data : ngn.data)?.balance;
  const over = exceedsBalance(sides.from, balance);

  // The live warning: once when the amount goes above the balance, again only after it came back.
  useEffect(() => {
    if (over === insufficientWarned) return;
    if (over && balance !== undefined) toast.warn(insufficientMessage(from, balance));
    dispatch(insufficientWarningChanged(over));
  }, [over, insufficientWarned, balance, from, dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = conversionError(sides.from, from, balance);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    const body = { from_currency: from, to_currency: to, amount: sides.from.trim(), timezone: deviceTimeZone() };
    const result = await convertCurrency({ body, idempotencyKey: keys.keyFor(body) });
    if (result.data?.message === M.exchange.successServer) {
      keys.done();
      toast.success(M.exchange.convertedSuccess(from, body.amount, to), { autoClose: CONVERSION_TOAST_MS });
      dispatch(amountsCleared());
    } else {
      toast.error(result.data?.message || messageOf(result.error, M.exchange.failed));
    }
  };

  return (
    <main>
      <PageHeader title="Exchange" subtitle="Convert between your CAD and NGN wallets" />
      <Stack gap="lg">
        <Grid>
          <BalanceCard currency="CAD" balance={cad.data?.balance} />
          <BalanceCard currency="NGN" balance={ngn.data?.balance} />
        </Grid>
        <Card as="form" aria-label="Convert currency" onSubmit={(event: FormEvent) => void submit(event)} noValidate>
          <SideFields side="from" currency={from} amount={sides.from} />
          <Centered>
            <IconButton label="Swap currencies" onClick={() => dispatch(swapped())}>
              <ConvertIcon />
            </IconButton>
          </Centered>
          <SideFields side="to" currency={to} amount={sides.to} />
          {/* The live warning also stays on screen, from the store, so time-travel and replay show it. */}
          {over && balance !== undefined && <Warning>{insufficientMessage(from, balance)}</Warning>}
          <RateLine aria-live="polite">
            {rate.data ? `Rate: 1 CAD = ${formatRate(rate.data.actual_rate)} NGN` : 'Rate: …'}
          </RateLine>
          <Button type="submit" fullWidth busy={isLoading} busyLabel="Converting...">Convert</Button>
        </Card>
      </Stack>
    </main>
  );
}
