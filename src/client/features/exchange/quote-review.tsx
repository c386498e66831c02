import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { QUOTE_TTL_S } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { formatMinor, parseAmount } from '../../../shared/money';
import type { Quote } from '../../../shared/types';
import { useGetPricingQuery } from '../../api/limits-api';
import { formatMoney } from '../../ui';
import type { ReceiptRow } from '../money/receipt-modal';
import { ARRIVES } from '../money/review-lines';
import { ReviewModal } from '../money/review-modal';
import { rateText } from './conversion';

const Countdown = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const Notice = styled.p`
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const money = (amount: string) => {
  const parsed = parseAmount(amount);
  return parsed.ok ? Number(formatMinor(parsed.minor, { withCommas: false })) : 0;
};

/** The review of a conversion (spec-next §A): what leaves, the fee, the rate and margin, what arrives, when. */
export function quoteLines(quote: Quote): ReceiptRow[] {
  return [
    { label: 'You send', value: formatMoney(quote.from_currency, money(quote.send_amount)) },
    { label: 'Fee', value: formatMoney(quote.from_currency, money(quote.fee)) },
    { label: 'Rate', value: rateText(quote.rate) },
    { label: 'Our margin', value: `${quote.margin_percent}% of the mid-market rate (${rateText(quote.mid_rate)})` },
    { label: 'You receive', value: formatMoney(quote.to_currency, money(quote.receive_amount)) },
    { label: 'Arrives', value: ARRIVES.instantly },
  ];
}

/**
 * How long this device counts the quote as held, from now: until its `expires_at`, unless this
 * device's clock is off so far that the answer is impossible (already past, or longer than a quote
 * is ever held); then the server's hold, `ttlS`, from now. A clock running ahead would otherwise
 * see every new quote lapsed on arrival and ask for quotes without end. The server stays the
 * judge: a quote it no longer honours is refused (409) and replaced.
 */
export function heldMs(expiresAt: string, ttlS: number, now = Date.now()): number {
  const left = Date.parse(expiresAt) - now;
  const ttl = ttlS * 1000;
  return left > 0 && left <= ttl ? left : ttl;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The quote's countdown (mounted once per quote); once it reaches 0, `onExpired`. */
function QuoteCountdown({ quote, ttlS, onExpired }: { quote: Quote; ttlS: number; onExpired(quote: Quote): void }) {
  const [deadline] = useState(() => Date.now() + heldMs(quote.expires_at, ttlS));
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  useEffect(() => {
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) {
        clearInterval(timer);
        onExpired(quote);
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [quote, deadline, onExpired]);
  return (
    <Countdown role="timer" aria-live="off">
      {left > 0 ? `Rate held for ${clock(left)}` : 'Getting a new rate…'}
    </Countdown>
  );
}

export interface QuoteReviewProps {
  id: string;
  quote: Quote | undefined;
  /** A quote is being asked for (the first, or a new one after expiry). */
  quoting: boolean;
  /** The previous quote lapsed (or the server said so): the rate shown is a new one. */
  rateChanged: boolean;
  /** Why Continue cannot go on with this quote (e.g. above the balance), said in the review. */
  problem: string | null;
  /** Continue: on to the PIN step, which converts with this quote. */
  onContinue(): void;
  onBack(): void;
  onExpired(quote: Quote): void;
}

/** The exchange's review (before the PIN): the quote's numbers, its countdown, and a new quote when it lapses. */
export function QuoteReview({ id, quote, quoting, rateChanged, problem, onContinue, onBack, onExpired }: QuoteReviewProps) {
  // The server's hold (GET /pricing), for a device whose clock cannot be trusted with expires_at.
  const ttlS = useGetPricingQuery().data?.quote_ttl_seconds ?? QUOTE_TTL_S;
  return (
    <ReviewModal
      id={id}
      lines={quote ? quoteLines(quote) : []}
      description="Check the amounts and the rate before you confirm with your PIN."
      continueDisabled={!quote || quoting || problem !== null}
      onContinue={onContinue}
      onBack={onBack}
    >
      {rateChanged && <Notice role="status">{M.quotes.expired}</Notice>}
      {problem && <Notice role="alert">{problem}</Notice>}
      {quoting && !quote && <Countdown>Getting your rate…</Countdown>}
      {quote && !quoting && <QuoteCountdown key={quote.quote_id} quote={quote} ttlS={ttlS} onExpired={onExpired} />}
    </ReviewModal>
  );
}
