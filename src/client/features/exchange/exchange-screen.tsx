import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CONVERSION_TOAST_MS, CURRENCIES, DEBOUNCE_MS } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { parseAmount } from '../../../shared/money';
import type { ConversionReceipt, Currency, Quote, Req } from '../../../shared/types';
import { messageOf, serverMessage } from '../../api/error-message';
import { useErrorToast } from '../../api/use-error-toast';
import { useGetRateQuery } from '../../api/wallet-api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { deviceTimeZone } from '../../app/time-zone';
import { screenToast } from '../../app/toasts';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { useBackCloses } from '../../app/use-back-closes';
import { useWallet } from '../../app/use-wallet';
import { BalanceCard, Button, Card, ConvertIcon, focusRefusedField, formatMoney, IconButton, PageHeader, SelectField, Stack, TextField, toast } from '../../ui';
import { PinModal } from '../money/pin-modal';
import { ReceiptModal, receiptDate, type ReceiptRow } from '../money/receipt-modal';
import { statusRows } from '../money/result';
import { useDebouncedValue } from '../money/use-debounced-value';
import { useMoneySend, type CallError } from '../money/use-money-send';
import { acceptAmountInput, withSeparators } from './amount-input';
import { conversionError, conversionSides, exceedsBalance, insufficientMessage, rateText } from './conversion';
import { useConvertCurrencyMutation, useCreateQuoteMutation, useQuoteEstimateQuery, type QuoteArgs } from './exchange-api';
import { amountEdited, amountsCleared, currencyChosen, insufficientWarningChanged, selectExchange, swapped, type Side } from './exchange-slice';
import { QuoteReview } from './quote-review';

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

/**
 * The ui-slice dialogs of the exchange's steps after the form (form → review → PIN → result,
 * spec-next §A; spec §6: every money movement needs the transaction PIN), so Redux DevTools
 * shows the step: the review of the quote, then the PIN that converts.
 */
export const EXCHANGE_REVIEW = 'exchange-review';
export const EXCHANGE_PIN = 'exchange-pin';
/** The result: what was converted, at which rate, completed (the success toast says it too, spec §8). */
export const EXCHANGE_RECEIPT = 'exchange-receipt';

/** The conversion's receipt: both amounts, the rate it ran at, its status, reference and time. */
const conversionRows = (receipt: ConversionReceipt): ReceiptRow[] => [
  { label: 'Converted', value: formatMoney(receipt.from_currency, receipt.amount) },
  { label: 'Received', value: formatMoney(receipt.to_currency, receipt.converted_amount) },
  { label: 'Rate', value: rateText(receipt.rate) },
  ...statusRows({ status: 'completed' }),
  { label: 'Transaction reference', value: receipt.reference },
  { label: 'Date', value: receiptDate(receipt.created_at) },
];

const amountLabel: Record<Side, string> = { from: 'You send', to: 'You receive' };
const currencyLabel: Record<Side, string> = { from: 'From', to: 'To' };

interface SideFieldsProps {
  side: Side;
  currency: Currency;
  /** Digits and '.', no separators: shown with them. */
  amount: string;
}

function SideFields({ side, currency, amount }: SideFieldsProps) {
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
        name={`${side}-amount`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={withSeparators(amount)}
        onChange={(event) => {
          // Only digits and one '.' with at most two decimals; anything else leaves the field as it was.
          const accepted = acceptAmountInput(event.target.value);
          if (accepted !== null) dispatch(amountEdited({ side, amount: accepted }));
        }}
      />
    </Row>
  );
}

/**
 * /exchange: CAD↔NGN (spec §2, §4, §5; spec-next §A). Either side drives: the side the customer
 * typed in keeps exactly what was typed; typing what to send shows what arrives at the quoted rate,
 * typing what to receive asks the server (POST /quotes, amount_side 'receive') for the exact amount
 * to send. Convert opens the review: a quote held 60 s (its countdown; a lapsed quote is replaced
 * and the review says the rate changed). Continue opens the PIN, and its Confirm converts with the
 * quote_id and the PIN; a quote the server no longer honours brings the review back with a new one.
 */
export default function ExchangeScreen() {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectExchange);
  const { from, to, driver, amount, insufficientWarned } = form;
  const reviewing = useAppSelector((state) => selectIsDialogOpen(state, EXCHANGE_REVIEW));
  const cad = useWallet('CAD');
  const ngn = useWallet('NGN');
  // Refetched on mount and focus; only the quote of the pair on screen counts (not the previous pair's).
  const rate = useGetRateQuery({ from, to });
  const rateShown = rate.currentData?.actual_rate;
  const [convertCurrency, { data: conversion }] = useConvertCurrencyMutation();
  const [createQuote, quoteState] = useCreateQuoteMutation();
  const [rateChanged, setRateChanged] = useState(false);
  const moneySend = useMoneySend();
  useErrorToast(cad.error ?? ngn.error, M.transfers.walletFetchFailed);
  useErrorToast(rate.error, M.exchange.rateFetchFailed);

  // The amount to receive drives: once it settles, the server says what it takes to send.
  const receiveArgs = useMemo<QuoteArgs | null>(
    () => (driver === 'to' && parseAmount(amount).ok ? { from, to, amount, side: 'receive' } : null),
    [driver, amount, from, to],
  );
  const settledArgs = useDebouncedValue(receiveArgs, DEBOUNCE_MS);
  const estimate = useQuoteEstimateQuery(settledArgs && settledArgs === receiveArgs ? settledArgs : skipToken);
  const estimated = receiveArgs && settledArgs === receiveArgs ? estimate.currentData : undefined;
  useErrorToast(estimate.error, M.exchange.rateFetchFailed);
  useErrorToast(quoteState.error, M.exchange.rateFetchFailed);

  const local = conversionSides(form, rateShown);
  const sides = estimated ? { from: estimated.send_amount, to: amount } : local;
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

  const askQuote = useCallback(
    () => void createQuote({ from, to, amount, side: driver === 'from' ? 'send' : 'receive' }),
    [createQuote, from, to, amount, driver],
  );

  const quote = quoteState.isLoading ? undefined : quoteState.data;

  // A quote refused (too small to convert, say) or unanswered: no review of nothing. The review
  // closes, the form keeps the amount, and the toast above says why.
  const quoteFailed = quoteState.isError;
  useEffect(() => {
    if (reviewing && quoteFailed) dispatch(dialogClosed(EXCHANGE_REVIEW));
  }, [reviewing, quoteFailed, dispatch]);
  const quoteProblem = quote && exceedsBalance(quote.send_amount, balance) && balance !== undefined ? insufficientMessage(from, balance) : null;

  // A lapsed quote is replaced while the review is open, and the review says the rate changed.
  const expired = useCallback(
    (lapsed: Quote) => {
      if (!reviewing || lapsed.quote_id !== quoteState.data?.quote_id) return;
      setRateChanged(true);
      askQuote();
    },
    [reviewing, quoteState.data, askQuote],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rateShown || !rateReady) return;
    const invalid = conversionError(sides.from, from, balance);
    if (invalid) {
      toast.error(invalid);
      focusRefusedField(['from-amount'], event.currentTarget);
      return;
    }
    setRateChanged(false);
    askQuote();
    dispatch(dialogOpened(EXCHANGE_REVIEW));
  };

  const back = () => dispatch(dialogClosed(EXCHANGE_REVIEW));

  // The phone's Back closes the review, the PIN or the receipt, and keeps the amounts (use-back-closes.ts).
  const pinStep = useAppSelector((state) => selectIsDialogOpen(state, EXCHANGE_PIN));
  const resultStep = useAppSelector((state) => selectIsDialogOpen(state, EXCHANGE_RECEIPT));
  useBackCloses('exchange', reviewing || pinStep || resultStep, () => {
    for (const id of [EXCHANGE_REVIEW, EXCHANGE_PIN, EXCHANGE_RECEIPT]) dispatch(dialogClosed(id));
  });

  // As every money flow's review (use-money-flow.ts): Continue closes the review and opens the PIN.
  const reviewed = () => {
    if (!quote) return;
    dispatch(dialogClosed(EXCHANGE_REVIEW));
    dispatch(dialogOpened(EXCHANGE_PIN));
  };

  // The PIN step's Confirm; a wrong PIN (or any other refusal) keeps the PIN step for another try.
  // Cancel there closes it: back to the form, the amounts kept (as every money flow).
  const confirm = async (pin: string) => {
    if (!quote) return;
    // The amount typed when the customer typed what to send (the quote's, to the cent), else the quote's.
    const body: Req<'currencyConversion'> = {
      from_currency: quote.from_currency,
      to_currency: quote.to_currency,
      amount: driver === 'from' ? amount : quote.send_amount,
      timezone: deviceTimeZone(),
      quote_id: quote.quote_id,
      transaction_pin: pin,
    };
    let lapsed = false;
    const converted = await moneySend({
      body,
      send: convertCurrency,
      succeeded: (data) => data.message === M.exchange.successServer,
      successMessage: M.exchange.convertedSuccess(quote.from_currency, String(body.amount), quote.to_currency),
      successToast: { autoClose: CONVERSION_TOAST_MS },
      failureMessage: (error: CallError | undefined) => {
        const message = serverMessage(error);
        lapsed = message === M.quotes.expired || message === M.quotes.used;
        return messageOf(error, M.exchange.failed);
      },
    });
    if (converted) {
      dispatch(dialogClosed(EXCHANGE_PIN));
      dispatch(dialogClosed(EXCHANGE_REVIEW));
      dispatch(amountsCleared());
      dispatch(dialogOpened(EXCHANGE_RECEIPT));
    } else if (lapsed) {
      // The server no longer honours this quote: the PIN step closes, a new quote is asked for,
      // and the review comes back with it and says the rate changed.
      dispatch(dialogClosed(EXCHANGE_PIN));
      setRateChanged(true);
      askQuote();
      dispatch(dialogOpened(EXCHANGE_REVIEW));
    }
  };

  return (
    <main>
      <PageHeader title="Exchange" subtitle="Convert between your CAD and NGN wallets" />
      <Stack gap="lg">
        <Grid>
          <BalanceCard currency="CAD" balance={cad.wallet?.balance} />
          <BalanceCard currency="NGN" balance={ngn.wallet?.balance} />
        </Grid>
        <Card as="form" aria-label="Convert currency" onSubmit={submit} noValidate>
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
            {rateShown ? `Rate: ${rateText(rateShown)}` : 'Rate: …'}
          </RateLine>
          <Button type="submit" fullWidth disabled={!rateReady}>Convert</Button>
        </Card>
      </Stack>
      <QuoteReview
        id={EXCHANGE_REVIEW}
        quote={quote}
        quoting={quoteState.isLoading}
        rateChanged={rateChanged}
        problem={quoteProblem}
        onContinue={reviewed}
        onBack={back}
        onExpired={expired}
      />
      <PinModal id={EXCHANGE_PIN} onConfirm={confirm} />
      <ReceiptModal
        id={EXCHANGE_RECEIPT}
        title="Transaction Receipt"
        rows={conversion?.data ? conversionRows(conversion.data) : null}
        item={conversion?.data?.reference}
      />
    </main>
  );
}
