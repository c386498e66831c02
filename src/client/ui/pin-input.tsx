import { PIN_LENGTH } from '../../shared/limits';
import { CodeInput, type CodeInputProps } from './code-input';

export type PinInputProps = Omit<CodeInputProps, 'length' | 'mask'>;

/**
 * The transaction PIN's boxes, the same everywhere a PIN is typed (set PIN, change PIN, the money
 * flows' PIN modal): PIN_LENGTH masked one-digit boxes that move to the next box as digits are
 * typed, go back on Backspace and take a pasted PIN. `onComplete` may move on, e.g. to the
 * confirmation's boxes.
 */
export function PinInput(props: PinInputProps) {
  return <CodeInput {...props} length={PIN_LENGTH} mask />;
}
