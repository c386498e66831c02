import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CHECK_EMAIL } from '../../../src/client/features/verification/email-verification';
import VerificationScreen from '../../../src/client/features/verification/verification-screen';
import { buildPath } from '../../../src/shared/endpoints';
import { renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';
import { makeUser, serveUser } from './fixtures';

setupFakeBackend();

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('verification cards', () => {
  test('each card shows a tick or a cross; actions show only while unverified', async () => {
    serveUser(() => makeUser({ is_email_verified: true, is_phone_verified: true, is_identity_verified: false }));
    signIn();
    renderWithProviders(<VerificationScreen />, { route: '/verification' });

    await screen.findByRole('heading', { name: 'Email Verification' });
    expect(within(card('Email Verification')).getByText('Verified')).toBeInTheDocument();
    expect(within(card('Phone Verification')).getByText('Verified')).toBeInTheDocument();
    expect(within(card('Identity Verification')).getByText('Not verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Phone' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Identity' })).toBeEnabled();
  });

  test('the Email Verification button sends a new e-mail code and tells the user to check their email', async () => {
    serveUser(() => makeUser({ is_email_verified: false }));
    server.use(http.post(apiPath('/auth/resend-otp/:email'), () => HttpResponse.json({ success: true, message: 'OTP sent successfully!' })));
    signIn();
    const { user } = renderWithProviders(<VerificationScreen />, { route: '/verification' });

    await user.click(await screen.findByRole('button', { name: 'Verify Email' }));

    expect(await screen.findByText(CHECK_EMAIL)).toBeInTheDocument();
    expect(backend.seen(buildPath('resendOtp', { email: TEST_EMAIL }))).toHaveLength(1);
  });
});
