import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Button, CodeInput, type CodeInputHandle } from '../../../src/client/ui';
import { renderWithTheme } from './render';

function Harness({ length = 6, onComplete = jest.fn(), mask = false, initial = '' }: { length?: number; onComplete?: (code: string) => void; mask?: boolean; initial?: string }) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <CodeInput length={length} value={code} onChange={setCode} onComplete={onComplete} label="Verification code" mask={mask} autoFocus />
      <output aria-label="code">{code}</output>
    </>
  );
}

const box = (i: number, n = 6) => screen.getByRole('textbox', { name: `Digit ${i} of ${n}` });
const code = () => screen.getByRole('status', { name: 'code' }).textContent;

describe('CodeInput', () => {
  it('is a labelled group of n digit boxes, the first focused', () => {
    renderWithTheme(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveFocus();
  });

  it('advances to the next box after each digit and completes once with the code', async () => {
    const onComplete = jest.fn();
    renderWithTheme(<Harness onComplete={onComplete} />);
    await userEvent.keyboard('12');
    expect(box(3)).toHaveFocus();
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('3456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('ignores everything but digits', async () => {
    renderWithTheme(<Harness />);
    await userEvent.keyboard('a- 7x');
    expect(code()).toBe('7');
    expect(box(1)).toHaveValue('7');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('b');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
  });

  it('Backspace on an empty box moves back and clears the previous digit', async () => {
    renderWithTheme(<Harness />);
    await userEvent.keyboard('123');
    expect(box(4)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('12');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(code()).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('Backspace on a filled box clears it and stays', async () => {
    renderWithTheme(<Harness initial="123" />);
    await userEvent.click(box(3));
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('12');
    expect(box(3)).toHaveFocus();
  });

  it('a paste fills from the first box with its digits, up to n, and completes', async () => {
    const onComplete = jest.fn();
    renderWithTheme(<Harness onComplete={onComplete} />);
    await userEvent.click(box(3));
    await userEvent.paste('12-34 56 789');
    expect(code()).toBe('123456');
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('a short paste fills the first boxes and focuses the next empty one', async () => {
    renderWithTheme(<Harness />);
    await userEvent.paste('98');
    expect(code()).toBe('98');
    expect(box(3)).toHaveFocus();
  });

  it('typing into a later empty box fills the first empty one (no gaps)', async () => {
    renderWithTheme(<Harness initial="1" />);
    await userEvent.click(box(5));
    await userEvent.keyboard('2');
    expect(code()).toBe('12');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveFocus();
  });

  it('typing over a filled box replaces its digit and moves on', async () => {
    const onComplete = jest.fn();
    renderWithTheme(<Harness initial="1234" length={4} onComplete={onComplete} />);
    await userEvent.click(box(2, 4));
    await userEvent.keyboard('9');
    expect(code()).toBe('1934');
    expect(box(3, 4)).toHaveFocus();
    expect(onComplete).toHaveBeenCalledWith('1934');
  });

  it('typing over a box the digit it already holds moves on too: a code typed again over itself lands whole', async () => {
    renderWithTheme(<Harness initial="1358" length={4} />);
    await userEvent.click(box(1, 4));
    await userEvent.keyboard('1');
    expect(box(2, 4)).toHaveFocus();
    await userEvent.keyboard('357');
    expect(code()).toBe('1357');
    expect(box(4, 4)).toHaveFocus();
  });

  it('arrow keys move between boxes', async () => {
    renderWithTheme(<Harness initial="123" />);
    await userEvent.click(box(3));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(box(2)).toHaveFocus();
  });

  it('masks the digits of a PIN', async () => {
    const onComplete = jest.fn();
    renderWithTheme(<Harness length={4} mask onComplete={onComplete} />);
    const boxes = [1, 2, 3, 4].map((i) => screen.getByLabelText(`Digit ${i} of 4`));
    boxes.forEach((input) => expect(input).toHaveAttribute('type', 'password'));
    await userEvent.keyboard('4321');
    expect(onComplete).toHaveBeenCalledWith('4321');
  });

  it('shows an inline error and marks the boxes invalid', () => {
    renderWithTheme(<CodeInput length={6} value="" onChange={jest.fn()} label="Verification code" error="Invalid OTP!" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid OTP!');
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription('Invalid OTP!');
    screen.getAllByRole('textbox').forEach((input) => expect(input).toHaveAttribute('aria-invalid', 'true'));
  });

  it('does not take input while disabled', async () => {
    const onChange = jest.fn();
    renderWithTheme(<CodeInput length={6} value="" onChange={onChange} label="Verification code" disabled />);
    await userEvent.type(box(1), '1');
    expect(onChange).not.toHaveBeenCalled();
    expect(box(1)).toBeDisabled();
  });

  it('lets a parent clear the code and focus box 1 again, even if the boxes are disabled at that moment', async () => {
    function Verify() {
      const [value, setValue] = useState('');
      const [busy, setBusy] = useState(false);
      const ref = useRef<CodeInputHandle>(null);
      return (
        <>
          <CodeInput ref={ref} length={6} value={value} onChange={setValue} onComplete={() => setBusy(true)} label="Verification code" disabled={busy} />
          <Button onClick={() => { setValue(''); ref.current?.focusFirst(); setBusy(false); }}>Fail</Button>
        </>
      );
    }
    renderWithTheme(<Verify />);
    await userEvent.click(box(1));
    await userEvent.keyboard('123456');
    expect(box(1)).toBeDisabled();
    act(() => screen.getByRole('button', { name: 'Fail' }).click());
    expect(box(1)).toBeEnabled();
    expect(box(1)).toHaveFocus();
    expect(box(6)).toHaveValue('');
  });
});
