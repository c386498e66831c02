import styled from 'styled-components';
import type { Currency } from '../../../shared/types';
import { paths } from '../../app/paths';
import { Button, Card, CardTitle } from '../../ui';

const choices = [
  { currency: 'CAD', name: 'Canadian Dollar', action: 'Send CAD' },
  { currency: 'NGN', name: 'Nigerian Naira', action: 'Send NGN' },
] as const satisfies readonly { currency: Currency; name: string; action: string }[];

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

/** A currency's card: its button at the foot, level with the other card's when a name wraps. */
const Choice = styled(Card)`
  justify-content: space-between;
`;

interface CurrencyChoicesProps {
  onChoose(currency: Currency): void;
  /** The cards' heading level: h2 on the screen, h3 under the dialog's title. */
  headingLevel: 'h2' | 'h3';
}

/** The two currency cards of the Select Currency dialog and screen (spec §2). */
export function CurrencyChoices({ onChoose, headingLevel }: CurrencyChoicesProps) {
  return (
    <Grid>
      {choices.map(({ currency, name, action }) => (
        <Choice key={currency} aria-label={name}>
          <CardTitle as={headingLevel}>{name}</CardTitle>
          <Button onClick={() => onChoose(currency)}>{action}</Button>
        </Choice>
      ))}
    </Grid>
  );
}

/** Where each currency's send screen is. */
export const sendPath = { CAD: paths.transferCad, NGN: paths.transferNaira } as const satisfies Record<Currency, string>;
