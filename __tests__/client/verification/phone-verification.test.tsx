import { act, screen, waitFor, within } from '@testing-library/react';
import { dialogOpened } from '../../../src/client/app/ui-slice';
import { verificationIds } from '../../../src/client/features/verification/verification-ids';
import { phoneCodeSent } from '../../../src/client/features/verification/verification-slice';
import { http, HttpResponse } from 'msw';
import VerificationScreen from '../../../src/client/features/verification/verification-screen';
import { buildPath, endpoints } from '../../../src/shared/endpoints';
import { renderWithProviders } from '../../support/render';
import { apiPath, authed, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { expectOnFormAndAsToast, expectOnlyAsToast } from '../../support/toasts';
import { bodies, makeUser, serveCountries, serveUser } from './fixtures';

setupFakeBackend();

/** What '0801-234 5678' typed for Nigeria is sent as: E.164, the trunk 0 dropped (it was '+23408012345678', the bug of issue 16). */
const PHONE = '+2348012345678';

function setup({ verifyAnswer }: { verifyAnswer?: () => Response } = {}) {
  let user = makeUser();
  serveUser(() => user);
  serveCountries();
  const sent = bodies<{ phone_number: string }>();
  const verified = bodies<{ otp: string }>();
  server.use(
    http.post(apiPath(endpoints.sendOtpPhone.path), authed(async ({ request }) => {
      await sent.record(request);
      return HttpResponse.json({ success: true, message: 'OTP sent successfully!' });
    })),
    http.post(apiPath(endpoints.verifyPhone.path), authed(async ({ request }) => {
      await verified.record(request);
      if (verifyAnswer) return verifyAnswer();
      user = makeUser({ is_phone_verified: true, phone_number: PHONE });
      return HttpResponse.json({ success: true, message: 'Phone number verified successfully!' });
    })),
  );
  signIn();
  return { sent, verified, ...renderWithProviders(<VerificationScreen />, { route: '/verification' }) };
}

async function sendOtp(ui: ReturnType<typeof setup>) {
  await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Phone' });
  const country = within(dialog).getByLabelText('Country');
  await within(country).findByRole('option', { name: 'Nigeria' });
  await ui.user.selectOptions(country, 'NG');
  await ui.user.type(within(dialog).getByLabelText('Phone number'), '0801-234 5678');
  await ui.user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
  return screen.findByRole('dialog', { name: 'Enter Verification Code' });
}

const phoneCard = () => screen.getByRole('heading', { name: 'Phone Verification' }).closest('section')!;

describe('phone verification', () => {
  test('the country picker lists Nigeria and Canada first; a missing country or number is refused', async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Phone' });
    await within(dialog).findByRole('option', { name: 'Nigeria' });

    const names = within(dialog).getAllByRole('option').map((option) => option.textContent);
    expect(names.slice(1, 3)).toEqual(['Nigeria', 'Canada']);

    await ui.user.type(within(dialog).getByLabelText('Phone number'), '8012345678');
    await ui.user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please select a country and enter your phone number');
    await expectOnFormAndAsToast('Please select a country and enter your phone number');
    expect(ui.sent.seen).toEqual([]);
  });

  test("the options name the country only; the chosen country's dial code shows before the number", async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify Phone' }));
    await dialog.findByRole('option', { name: 'Nigeria' });
    const number = dialog.getByLabelText('Phone number');

    expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a country', 'Nigeria', 'Canada', 'Ghana', 'United States of America']);
    expect(dialog.queryByText(/\+\d/)).not.toBeInTheDocument();
    expect(number).not.toHaveAccessibleDescription();

    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'NG');
    expect(dialog.getByText('+234')).toBeVisible();
    expect(number).toHaveAccessibleDescription('+234');

    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'CA');
    expect(dialog.queryByText('+234')).not.toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('+1');
  });

  test('Send OTP sends the number in E.164 (the dial code, then the number without its trunk 0), then asks for the code', async () => {
    const ui = setup();
    const codeDialog = await sendOtp(ui);

    expect(ui.sent.seen).toEqual([{ phone_number: PHONE }]);
    expect(await screen.findByText('OTP sent successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Verify Phone' })).not.toBeInTheDocument();
    expect(within(codeDialog).getByText(`Enter the 6-digit code we sent to ${PHONE}.`)).toBeInTheDocument();
  });

  test("the number shows the chosen country's format while it is typed", async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify Phone' }));
    await dialog.findByRole('option', { name: 'Nigeria' });
    const number = dialog.getByLabelText('Phone number');
    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'NG');

    await ui.user.type(number, '0801');
    expect(number).toHaveValue('0801');
    await ui.user.type(number, '23');
    expect(number).toHaveValue('0801 23');
    await ui.user.type(number, '4-5678');
    expect(number).toHaveValue('0801 234 5678');

    await ui.user.clear(number);
    await ui.user.type(number, '+2348012345678');
    expect(number).toHaveValue('+234 801 234 5678');

    await ui.user.clear(number);
    await ui.user.type(number, '4165550100');
    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'CA');
    expect(number).toHaveValue('(416) 555-0100');
  });

  test('deleting a space deletes the digit before it; typing in the middle keeps the caret after the digit typed', async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify Phone' }));
    await dialog.findByRole('option', { name: 'Nigeria' });
    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'NG');
    const number = dialog.getByLabelText<HTMLInputElement>('Phone number');
    await ui.user.type(number, '0801234');
    expect(number).toHaveValue('0801 234');

    await ui.user.type(number, '{Backspace}', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(number).toHaveValue('0802 34');
    expect(number.selectionStart).toBe(3);

    await ui.user.type(number, '1', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(number).toHaveValue('0801 234');
    expect(number.selectionStart).toBe(4);
  });

  test('an impossible number for the country is refused with a message; nothing is sent', async () => {
    const ui = setup();
    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify Phone' }));
    await dialog.findByRole('option', { name: 'Nigeria' });
    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'NG');

    for (const [typed, shown] of [['0801234567', '0801 234 567'], ['080123456789', '0801 2345 6789'], ['+234801234', '+234 801 234']]) {
      await ui.user.clear(dialog.getByLabelText('Phone number'));
      await ui.user.type(dialog.getByLabelText('Phone number'), typed);
      expect(dialog.getByLabelText('Phone number')).toHaveValue(shown);
      await ui.user.click(dialog.getByRole('button', { name: 'Send OTP' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Please enter a valid phone number for Nigeria');
    }

    await ui.user.selectOptions(dialog.getByLabelText('Country'), 'CA');
    await ui.user.clear(dialog.getByLabelText('Phone number'));
    await ui.user.type(dialog.getByLabelText('Phone number'), '2005550100');
    await ui.user.click(dialog.getByRole('button', { name: 'Send OTP' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please enter a valid phone number for Canada');
    expect(ui.sent.seen).toEqual([]);

    await ui.user.clear(dialog.getByLabelText('Phone number'));
    await ui.user.type(dialog.getByLabelText('Phone number'), '4165550100');
    await ui.user.click(dialog.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(ui.sent.seen).toEqual([{ phone_number: '+14165550100' }]);
  });

  test('the sixth digit submits the code; success refreshes the user and the card turns verified', async () => {
    const ui = setup();
    await sendOtp(ui);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus());
    expect(within(phoneCard()).getByText('Not verified')).toBeInTheDocument();

    await ui.user.keyboard('123456');

    expect(await screen.findByText('Phone number verified successfully!')).toBeInTheDocument();
    expect(ui.verified.seen).toEqual([{ otp: '123456' }]);
    expect(backend.seen(buildPath('verifyPhone', { phone_number: PHONE }))).toHaveLength(1);
    await waitFor(() => expect(within(phoneCard()).getByText('Verified')).toBeInTheDocument());
    expect(backend.seen(endpoints.user.path)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a wrong code shows the server message and clears the boxes', async () => {
    const ui = setup({ verifyAnswer: () => HttpResponse.json({ success: false, message: 'Invalid OTP' }, { status: 400 }) });
    await sendOtp(ui);
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' });

    await ui.user.keyboard('654321');

    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await waitFor(() => boxes.forEach((box) => expect(box).toHaveValue('')));
    expect(screen.getByRole('dialog', { name: 'Enter Verification Code' })).toBeInTheDocument();
  });

  test('a failure with no answer from the server (network) shows "Verification failed"', async () => {
    const ui = setup({ verifyAnswer: () => HttpResponse.error() });
    await sendOtp(ui);
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' });

    await ui.user.keyboard('111111');

    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(screen.queryByText('Invalid OTP')).not.toBeInTheDocument();
  });

  test.each<[string, () => Response]>([
    ['no body', () => new HttpResponse(null, { status: 400 })],
    ['a body without a message', () => HttpResponse.json({ success: false }, { status: 400 })],
    ['a body that is not JSON', () => new HttpResponse('Bad Request', { status: 400 })],
  ])('a refused code with %s shows "Invalid OTP" (spec §8) and clears the boxes', async (_name, answer) => {
    const ui = setup({ verifyAnswer: answer });
    await sendOtp(ui);
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' });

    await ui.user.keyboard('222222');

    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(screen.queryByText('Verification failed')).not.toBeInTheDocument();
    const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await waitFor(() => boxes.forEach((box) => expect(box).toHaveValue('')));
  });

  test("the server's own message wins over the fallback texts", async () => {
    const ui = setup({ verifyAnswer: () => HttpResponse.json({ success: false, message: 'Too many attempts. Request a new code.' }, { status: 429 }) });
    await sendOtp(ui);
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' });

    await ui.user.keyboard('333333');

    expect(await screen.findByText('Too many attempts. Request a new code.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid OTP')).not.toBeInTheDocument();
  });

  test('Verify with fewer than 6 digits asks for a valid OTP and calls nothing', async () => {
    const ui = setup();
    const dialog = await sendOtp(ui);
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
    await ui.user.keyboard('123');

    await ui.user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a valid 6-digit OTP');
    await expectOnFormAndAsToast('Please enter a valid 6-digit OTP');
    expect(ui.verified.seen).toEqual([]);
  });

  test('a refused send shows the server message, else "Failed to send OTP"', async () => {
    const ui = setup();
    server.use(http.post(apiPath(endpoints.sendOtpPhone.path), authed(() => HttpResponse.error())));
    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Phone' });
    await within(dialog).findByRole('option', { name: 'Canada' });
    await ui.user.selectOptions(within(dialog).getByLabelText('Country'), 'CA');
    await ui.user.type(within(dialog).getByLabelText('Phone number'), '4165550100');
    await ui.user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('Failed to send OTP')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Verify Phone' })).toBeInTheDocument();
  });
  test('a failed country list gives the toast "Failed to load countries list"', async () => {
    const ui = setup();
    server.use(http.get(apiPath(endpoints.countries.path), () => HttpResponse.error()));

    await ui.user.click(await screen.findByRole('button', { name: 'Verify Phone' }));

    expect(await screen.findByRole('dialog', { name: 'Verify Phone' })).toBeInTheDocument();
    await expectOnlyAsToast('Failed to load countries list');
  });
});

describe('time-travel', () => {
  test('the store alone reopens the code dialog for the number the code went to', async () => {
    serveUser(() => makeUser());
    serveCountries();
    signIn();
    const { store } = renderWithProviders(<VerificationScreen />, { route: '/verification' });
    expect(await screen.findByRole('button', { name: 'Verify Phone' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Enter Verification Code' })).not.toBeInTheDocument();

    act(() => {
      store.dispatch(phoneCodeSent(PHONE));
      store.dispatch(dialogOpened(verificationIds.phoneCodeDialog));
    });

    expect(await screen.findByRole('dialog', { name: 'Enter Verification Code' })).toBeInTheDocument();
    expect(store.getState().verification.phoneCodeSentTo).toBe(PHONE);
  });
});
