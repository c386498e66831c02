// Fake auth endpoints for the auth-screen tests: each records the bodies it receives.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { buildPath, endpoints } from '../../../src/shared/endpoints';
import { apiPath, backend, server, TEST_EMAIL, verifiedUser } from '../../support/server-mock';

export const COUNTRIES = [
  { value: 'CA', label: 'Canada', dialCode: '+1' },
  { value: 'NG', label: 'Nigeria', dialCode: '+234' },
  { value: 'GH', label: 'Ghana', dialCode: '+233' },
];

const ok = (message: string) => HttpResponse.json({ success: true, message });
export const refuse = (message: string, status = 400) => HttpResponse.json({ success: false, message }, { status });

type Answer = () => Response;

/** Registers a POST handler for `path` that records each JSON body and answers with `answer`. */
export function onPost(path: string, answer: Answer): JsonBodyType[] {
  const bodies: JsonBodyType[] = [];
  server.use(
    http.post(apiPath(path), async ({ request }) => {
      const text = await request.text();
      bodies.push(text ? (JSON.parse(text) as JsonBodyType) : null);
      return answer();
    }),
  );
  return bodies;
}

export const serveCountries = () =>
  server.use(http.get(apiPath(endpoints.countries.path), () => HttpResponse.json({ success: true, data: COUNTRIES })));

/** A successful login answer for TEST_EMAIL with a token the backend accepts (and a verified user behind it). */
function loginAccepted(): Response {
  backend.users.set(TEST_EMAIL, verifiedUser());
  const access_token = backend.issueToken();
  return HttpResponse.json({
    success: true,
    message: 'Login successful',
    data: { ...verifiedUser(), access_token, token_type: 'Bearer', expires_in: 900 },
  });
}

/** POST /auth/login answering a login for TEST_EMAIL with a token the backend accepts (and a verified user behind it). */
export function acceptLogin(): JsonBodyType[] {
  return onPost(endpoints.login.path, loginAccepted);
}

/**
 * An account whose e-mail is not verified yet, as the server keeps it: login answers 403 'Email not
 * verified!' until POST /auth/verify-email/{email} takes `code`; resend answers `resendAnswer`.
 */
/**
 * An account whose e-mail is not verified yet; `contested`: it was signed up for with more than one
 * password, so verifying it keeps none (the answer says choose_password, and no login passes).
 */
export function unverifiedAccount(code: string, resendAnswer: Answer = () => ok('OTP sent successfully!'), contested = false) {
  let verified = false;
  const logins = onPost(endpoints.login.path, () =>
    verified && !contested ? loginAccepted() : verified ? refuse('Invalid email or password', 401) : refuse('Email not verified!', 403));
  const verifications = onPost(emailPath('verifyEmail'), () => {
    // The last body recorded is this request's.
    const { otp } = verifications[verifications.length - 1] as { otp: string };
    if (otp !== code) return refuse('Invalid OTP!');
    verified = true;
    return contested
      ? HttpResponse.json({ success: true, message: 'Email verified successfully!', data: { choose_password: true } })
      : ok('Email verified successfully!');
  });
  const resends = onPost(emailPath('resendOtp'), resendAnswer);
  return { logins, verifications, resends };
}

export const answers = {
  signUpOk: () => ok('Registration successful'),
  verified: () => ok('Email verified successfully!'),
  otpSent: () => ok('OTP sent'),
};

export const emailPath = (name: 'verifyEmail' | 'resendOtp' | 'verifyOtp' | 'resetPassword', email = TEST_EMAIL) =>
  buildPath(name, { email });
