import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { object, string } from 'yup';
import { MoneyFlow } from '../../../src/client/features/money/money-flow';
import { MONEY_FLOW_STEPS, REVIEW_STEP, moneyDialogIds } from '../../../src/client/features/money/money-flow-steps';
import type { MoneyArgs } from '../../../src/client/features/money/money-call';
import { useMoneyFlow, type Confirmation, type MoneyFlowState } from '../../../src/client/features/money/use-money-flow';
import { UNANSWERED_RETRY_DELAYS_MS, type CallResult } from '../../../src/client/features/money/use-money-send';
import * as M from '../../../src/shared/messages';
import { Button, TextField } from '../../../src/client/ui';
import { renderWithProviders, setupUser } from '../../support/render';
import { continueReview, enterPin } from '../../support/transfer-backend';
import { settleToasts, toastsShown } from '../../support/toasts';

interface Values {
  name: string;
}

interface Body {
  name: string;
  pin: string;
}

interface Answer {
  success: boolean;
  message?: string;
  data?: { reference: string };
}

const dialogs = moneyDialogIds('test-flow');

interface Options {
  review?: boolean;
  prepare?(pin: string, values: Values): Confirmation<Body>;
  answer?: CallResult<Answer>;
}

/** The router as the test drives it: its Back button, and the state of the entry on show. */
const browser: { back(): void; state(): unknown } = { back: () => undefined, state: () => undefined };

function BrowserProbe() {
  const navigate = useNavigate();
  const { state } = useLocation();
  browser.back = () => void navigate(-1);
  browser.state = () => state;
  return null;
}

function renderFlow({ review, prepare, answer = { data: { success: true, data: { reference: 'REF-1' } } } }: Options = {}) {
  const send = jest.fn<Promise<CallResult<Answer>>, [MoneyArgs<Body>]>().mockResolvedValue(answer);
  const seen: { step?: MoneyFlowState<Values>['step'] } = {};

  function TestFlow() {
    const flow = useMoneyFlow({
      flow: 'test-flow',
      initialValues: { name: '' },
      schema: object({ name: string().trim().required('Name, please') }),
      prepare: (pin, form) => prepare?.(pin, form.values) ?? { send: { name: form.values.name.trim(), pin } },
      send,
      succeeded: (data) => data.success,
      receipt: send.mock.calls.length > 0 ? [{ label: 'Reference', value: 'REF-1' }] : null,
      reviewLines: ({ name }) => [{ label: 'Name', value: name.trim() }],
      review,
    });
    seen.step = flow.step;
    return (
      <MoneyFlow flow={flow} title="Test form" actions={<Button type="submit">Send</Button>}>
        <TextField label="Name" {...flow.form.getFieldProps('name')} />
      </MoneyFlow>
    );
  }

  return { send, seen, ...renderWithProviders(<><TestFlow /><BrowserProbe /></>, { route: '/test-flow' }) };
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

test('the steps are named in order, and the review step is on for every flow (spec-next §A)', () => {
  expect(MONEY_FLOW_STEPS).toEqual(['form', 'review', 'pin', 'result']);
  expect(REVIEW_STEP).toBe(true);
  expect(dialogs).toEqual({ review: 'test-flow-review', pin: 'test-flow-pin', receipt: 'test-flow-receipt' });
});

test('an invalid form shows its message and stays on the form step', async () => {
  const { user, store, seen } = renderFlow();
  await user.click(sendButton());
  expect(await screen.findByText('Name, please')).toHaveAttribute('role', 'alert');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(store.getState().ui.dialogs).toEqual({});
  expect(seen.step).toBe('form');
});

test('by default the form leads to the review, then the PIN, then the result: PIN closed, receipt open, form cleared', async () => {
  const { user, store, send, seen } = renderFlow();
  expect(screen.getByRole('form', { name: 'Test form' })).toBeInTheDocument();
  await user.type(nameField(), ' Ada ');
  await user.click(sendButton());
  await continueReview(user);

  expect(await screen.findByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
  expect(store.getState().ui.dialogs).toEqual({ [dialogs.pin]: true });
  expect(seen.step).toBe('pin');
  await enterPin(user);

  const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
  expect(receipt).toHaveTextContent('ReferenceREF-1');
  expect(await screen.findByText('Transaction completed successfully!')).toBeInTheDocument();
  expect(send).toHaveBeenCalledWith({ body: { name: 'Ada', pin: '1234' }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(store.getState().ui.dialogs).toEqual({ [dialogs.receipt]: true });
  expect(seen.step).toBe('result');
  expect(nameField()).toHaveValue('');

  await user.click(within(receipt).getByRole('button', { name: 'Done' }));
  expect(store.getState().ui.dialogs).toEqual({});
  expect(seen.step).toBe('form');
});

test('a failure says so and stays on the PIN step; the form keeps its values', async () => {
  const { user, store } = renderFlow({ answer: { data: { success: false, message: 'Not today' } } });
  await user.type(nameField(), 'Ada');
  await user.click(sendButton());
  await continueReview(user);
  await enterPin(user);

  expect(await screen.findByText('Not today')).toBeInTheDocument();
  expect(store.getState().ui.dialogs).toEqual({ [dialogs.pin]: true });
  expect(nameField()).toHaveValue('Ada');
});

describe("the phone's Back button", () => {
  test.each([
    ['review', async () => undefined],
    ['PIN', async (user: ReturnType<typeof setupUser>) => continueReview(user)],
  ])('on the %s step closes the steps and keeps the form as typed; nothing is sent', async (_step, goOn) => {
    const { user, store, send, seen } = renderFlow();
    await user.type(nameField(), 'Ada');
    await user.click(sendButton());
    expect(await screen.findByRole('dialog', { name: 'Review' })).toBeInTheDocument();
    await goOn(user);
    await waitFor(() => expect(browser.state()).toEqual({ steps: 'test-flow' }));

    act(() => browser.back());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().ui.dialogs).toEqual({});
    expect(seen.step).toBe('form');
    expect(nameField()).toHaveValue('Ada');
    await waitFor(() => expect(browser.state()).toBeNull());
    expect(send).not.toHaveBeenCalled();
  });

  test('on the result closes the receipt; Done there instead takes the steps\' history entry off', async () => {
    const { user, store } = renderFlow();
    await user.type(nameField(), 'Ada');
    await user.click(sendButton());
    await continueReview(user);
    await enterPin(user);
    const receipt = await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    await waitFor(() => expect(browser.state()).toEqual({ steps: 'test-flow' }));

    await user.click(within(receipt).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(browser.state()).toBeNull());
    expect(store.getState().ui.dialogs).toEqual({});

    // Again, and this time Back closes the receipt.
    await user.type(nameField(), 'Bo');
    await user.click(sendButton());
    await continueReview(user);
    await enterPin(user);
    await screen.findByRole('dialog', { name: 'Transaction Receipt' });
    act(() => browser.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().ui.dialogs).toEqual({});
  });
});

describe('a payment whose answer never came', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const lost: CallResult<Answer> = { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } };
  const done: CallResult<Answer> = { data: { success: true, data: { reference: 'REF-1' } } };

  async function confirm(send: jest.Mock) {
    const user = setupUser();
    await user.type(nameField(), 'Ada');
    await user.click(sendButton());
    await continueReview(user);
    await enterPin(user);
    return { user, keys: () => send.mock.calls.map(([args]) => (args as MoneyArgs<Body>).idempotencyKey) };
  }

  test('is sent again under its key, and the answer that comes is what the customer is told', async () => {
    const { send, store } = renderFlow();
    send.mockReset().mockResolvedValueOnce(lost).mockResolvedValueOnce(lost).mockResolvedValue(done);
    const { keys } = await confirm(send);

    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toHaveTextContent('ReferenceREF-1');
    expect(screen.getByText('Transaction completed successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Transaction failed')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(3);
    expect(new Set(keys()).size).toBe(1);
    expect(store.getState().ui.dialogs).toEqual({ [dialogs.receipt]: true });
  });

  test("a gateway's page instead of the API's answer (a 504 in HTML) is no answer either: sent again under its key, and the recorded success is shown", async () => {
    const { send } = renderFlow();
    const gateway: CallResult<Answer> = { error: { status: 'PARSING_ERROR', originalStatus: 504, data: '<html>Gateway Timeout</html>', error: 'SyntaxError' } };
    send.mockReset().mockResolvedValueOnce(gateway).mockResolvedValue(done);
    const { keys } = await confirm(send);

    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
    expect(new Set(keys()).size).toBe(1);
    await settleToasts();
    expect(toastsShown()).toEqual(['Transaction completed successfully!']);
  });

  test("a proxy's refusal that is not the API's (a 413 in HTML) is an answer: shown once, not sent again", async () => {
    const { send } = renderFlow();
    send.mockReset().mockResolvedValue({ error: { status: 'PARSING_ERROR', originalStatus: 413, data: '<html>Too large</html>', error: 'SyntaxError' } });
    await confirm(send);

    expect(await screen.findByText('Transaction failed')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(M.transfers.unconfirmed)).not.toBeInTheDocument();
  });

  test('still none after the retries: the failure text, and that the payment may have gone through; Confirm again keeps the key', async () => {
    const { send, store } = renderFlow();
    send.mockReset().mockResolvedValue(lost);
    const { user, keys } = await confirm(send);

    expect(await screen.findByText(M.transfers.unconfirmed)).toBeInTheDocument();
    expect(screen.getByText('Transaction failed')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1 + UNANSWERED_RETRY_DELAYS_MS.length);
    expect(store.getState().ui.dialogs).toEqual({ [dialogs.pin]: true });
    expect(nameField()).toHaveValue('Ada');

    send.mockResolvedValue(done);
    await enterPin(user);
    expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();
    expect(new Set(keys()).size).toBe(1);
    // It went through: the earlier try's failure and doubt are taken back, not shown beside the success.
    await settleToasts();
    expect(toastsShown()).toEqual(['Transaction completed successfully!']);
  });

  test('a refusal the server gave is shown at once, not sent again', async () => {
    const { send } = renderFlow();
    send.mockReset().mockResolvedValue({ error: { status: 400, data: { success: false, message: 'Not today' } } });
    await confirm(send);

    expect(await screen.findByText('Not today')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(M.transfers.unconfirmed)).not.toBeInTheDocument();
  });
});

test.each([
  ['form', {}],
  ['pin', { [dialogs.pin]: true }],
] as const)('Confirm that goes to the %s step sends nothing', async (goTo, open) => {
  const { user, store, send } = renderFlow({ prepare: () => ({ goTo }) });
  await user.type(nameField(), 'Ada');
  await user.click(sendButton());
  await continueReview(user);
  await enterPin(user);

  expect(store.getState().ui.dialogs).toEqual(open);
  expect(send).not.toHaveBeenCalled();
});

test('with the review step on: form → review (Back returns, values kept) → PIN → result', async () => {
  const { user, store, send, seen } = renderFlow({ review: true });
  await user.type(nameField(), 'Ada');
  await user.click(sendButton());

  let review = await screen.findByRole('dialog', { name: 'Review' });
  expect(review).toHaveTextContent('NameAda');
  expect(store.getState().ui.dialogs).toEqual({ [dialogs.review]: true });
  expect(seen.step).toBe('review');
  await user.click(within(review).getByRole('button', { name: 'Back' }));
  expect(store.getState().ui.dialogs).toEqual({});
  expect(nameField()).toHaveValue('Ada');

  await user.click(sendButton());
  review = await screen.findByRole('dialog', { name: 'Review' });
  await user.click(within(review).getByRole('button', { name: 'Continue' }));
  expect(store.getState().ui.dialogs).toEqual({ [dialogs.pin]: true });
  await enterPin(user);

  expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toBeInTheDocument();
  expect(send).toHaveBeenCalledTimes(1);
  expect(store.getState().ui.dialogs).toEqual({ [dialogs.receipt]: true });
});

test('leaving the screen closes every step, the review step included', async () => {
  const { user, store, unmount } = renderFlow({ review: true });
  await user.type(nameField(), 'Ada');
  await user.click(sendButton());
  await screen.findByRole('dialog', { name: 'Review' });
  unmount();
  expect(store.getState().ui.dialogs).toEqual({});
});
