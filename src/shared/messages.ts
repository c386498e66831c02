/**
 * Every user-facing text of the spec, copied verbatim: §8 (messages), §5 (validation) and the
 * state texts of §2/§4. A server message is always preferred over a client default (§8 rule).
 * The `server` group holds refusals the spec does not name.
 */
import { CURRENCY_SYMBOL, MAX_AMOUNT_MINOR, MAX_BALANCE_MINOR, STATEMENT_FIRST_DAY, STATEMENT_LAST_DAY, STATEMENT_MAX_DAYS } from './limits';
import { formatMajor, formatMinor } from './money';
import { IDENTITY_PROVIDER_LABEL } from './product';
import type { Currency } from './types';

export const session = {
  expired: 'Session expired. Please log in again.',
  signOutTitle: 'Sign Out Confirmation',
  signOutText: 'Are you sure you want to sign out?',
} as const;

export const login = {
  success: 'Login successful!',
  /** The server's text for a login with an unverified email… */
  emailNotVerifiedServer: 'Email not verified!',
  /** …and the toast the client shows for it (5 s). */
  emailNotVerified: 'Please verify your email address to continue.',
  failed: 'Login failed. Please try again.',
  busy: 'Signing In...',
} as const;

export const signUp = {
  success: 'Registration successful! Please check your email for verification.',
  failed: 'Registration failed',
  /** A sign-up refusal containing this text moves the wizard to the code step (§4). */
  needsVerificationMarker: 'Request a new OTP to verify',
  underAge: 'You must be at least 18 years old to register',
  busy: 'Creating Account...',
} as const;

export const codes = {
  /** Email and reset codes (inline in sign-up, toast in reset). */
  invalidSixDigitPin: 'Please enter a valid 6-digit PIN',
  invalidSixDigitOtp: 'Please enter a valid 6-digit OTP',
  busy: 'Processing...',
  /** Under Resend while the resend cool-down runs (not in the spec). */
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} s.`,
} as const;

/** The code step of sign-in for an e-mail not verified yet (not in the spec). */
export const signInCode = {
  title: 'Verify your email',
  /** A code was just sent (resend answered success). */
  sent: (email: string) => `We sent a 6-digit code to ${email}. Enter it to verify your email and sign in.`,
  /** No new code went out now (cool-down, cap or failure): the latest one may still be in the mailbox. */
  notSent: (email: string) => `Enter the 6-digit code from our latest email to ${email}, or choose Resend for a new one.`,
  back: 'Back to sign in',
} as const;

export const emailVerification = {
  success: 'Email verified successfully!',
  invalidOtp: 'Invalid OTP!',
  failed: 'OTP confirmation failed',
  /** Verified, but the address was signed up for with more than one password: none signs in. */
  choosePassword:
    'Your email is verified. It was used for more than one sign-up with different passwords, so none of them signs in: choose your password with "Forgot your password?".',
} as const;

export const resend = {
  success: 'OTP sent successfully!',
  failed: 'OTP resend failed',
} as const;

export const forgotPassword = {
  emailSent: 'Password reset email sent successfully!',
  failed: 'Reset failed',
  codeVerified: 'Email verified successfully!',
  codeFailed: 'OTP confirmation failed',
  resetSuccess: 'Password reset successful! Please login with your new password.',
  resetFailed: 'Reset password failed',
} as const;

export const password = {
  rule: 'Password must be at least 8 characters long, contain one uppercase letter and one special character',
  mismatch: 'Passwords do not match',
  required: 'Please enter your password',
} as const;

export const dashboard = {
  loading: 'Loading your dashboard...',
  greeting: 'Welcome back!',
  subtitle: 'Your financial journey starts here',
  loadUserFailed: 'Failed to load user data',
  ratesFailed: 'Failed to load exchange rates',
  walletDataFailed: 'Failed to load wallet data',
  cadWalletFailed: 'Failed to fetch CAD wallet details',
  nairaWalletFailed: 'Failed to fetch Naira wallet details',
  activateWalletPrompt: 'Please activate your wallet',
} as const;

export const pin = {
  setSuccess: 'Transaction PIN set successfully!',
  setFailed: 'Failed to set PIN',
  invalidFourDigit: 'Please enter a 4-digit PIN',
  mismatch: 'PINs do not match',
  /** The PIN modal of transfers. */
  invalidModal: 'Please enter a valid 4-digit PIN',
  changeSuccess: 'PIN changed successfully!',
  changeFailed: 'Failed to change PIN',
  changeInvalid: 'All PINs must be 4 digits',
  changeMismatch: 'New PINs do not match',
} as const;

export const phone = {
  required: 'Please select a country and enter your phone number',
  /** A number that is no valid phone number (libphonenumber's rules): not in the spec. */
  invalid: 'Please enter a valid phone number',
  /** A number that cannot exist in the chosen country (too short, too long, no such prefix); not in the spec. */
  invalidFor: (country: string) => `Please enter a valid phone number for ${country}`,
  otpSent: 'OTP sent successfully!',
  sendFailed: 'Failed to send OTP',
  verified: 'Phone number verified successfully!',
  invalidOtp: 'Invalid OTP',
  verificationFailed: 'Verification failed',
  busy: 'Sending...',
} as const;

export const identity = {
  /** The server's success text for the create-session call: the provider's name is kept (§7). */
  sessionCreatedServer: `${IDENTITY_PROVIDER_LABEL} session created successfully`,
  sessionCreated: 'Verification session created successfully!',
  startFailed: 'Failed to start identity verification',
  createSessionFailed: 'Failed to create verification session',
  reviewing: "We're reviewing your ID and we will send you an email as soon as we are done.",
  completed: 'Identity verification completed successfully!',
  namesRequired: 'Please enter both first name and last name',
  busy: 'Starting Verification...',
  /** Not in the spec: the provider declined the latest check (GET /auth/user identity_status 'declined'). */
  declinedTitle: 'Identity not approved',
  declined: 'We could not approve your identity from the document you sent.',
  declinedNextSteps:
    'Start a new check with a clear photo of a valid, unexpired ID document in your legal name. If it is not approved again, contact support from the Help Center.',
  startNewCheck: 'Start a new check',
  helpCenterLink: 'Contact support in the Help Center',
  /** Not in the spec: the standalone screen of a signed-in person, whose check counts for their account. */
  signedInAs: (email: string) => `Signed in as ${email}: this check is for your account.`,
} as const;

export const nairaWallet = {
  activated: 'Wallet activated successfully!',
  activateFailed: 'Failed to activate wallet',
  notActivated: 'Your Naira wallet needs to be activated before you can receive payments.',
  invalidBvn: 'Please enter a valid 11-digit BVN',
} as const;

export const addMoney = {
  title: (currency: Currency) => `Account Details for ${currency} Deposits`,
  copied: 'Copied to clipboard!',
} as const;

export const transfers = {
  failed: 'Transaction failed',
  /** Not in the spec: beside the flow's failure text when a payment's answer never came (it may have gone through). */
  unconfirmed: 'We could not confirm this payment: it may have gone through. Check History before you try again.',
  completed: 'Transaction completed successfully!',
  /** Not in the spec: the server's message for a payout the rail has still to settle (never 'completed'). */
  onItsWayServer: 'Your transfer is on its way.',
  walletFetchFailed: 'Failed to fetch wallet details',
  walletNotLoaded: 'Failed to load wallet details',
  limitFetchFailed: 'Failed to fetch transaction limit',
  bankListFailed: 'Failed to fetch bank list',
  noBanks: 'No banks found',
  // CAD withdrawal
  cadFieldsRequired: 'Please fill in all fields correctly',
  walletDetailsUnavailable: 'Wallet details not available',
  // NGN withdrawal
  ngnFieldsRequired: 'Please fill in all fields and verify account',
  /** Not in the spec: under the account number when the name enquiry got no answer (the server's text is shown when it gives one). */
  accountCheckFailed: 'We could not check this account. Please try again.',
  insufficientBalance: 'Insufficient balance',
  // User transfer
  fieldsRequired: 'Please fill in all fields',
  invalidRecipientEmail: 'Please enter a valid recipient email',
  /** 'Insufficient CAD balance' / 'Insufficient NGN balance'. */
  insufficientWalletBalance: (currency: Currency) => `Insufficient ${currency} balance`,
  /**
   * Ours (spec-next §A's fee): an amount within the balance that its fee takes over it, said in the
   * words of the bill form's text: 'Amount plus the fee of $F cannot exceed your balance of $X CAD'
   * (₦ and NGN for naira), F and X to 2 decimals.
   */
  amountAndFeeTooHigh: (currency: Currency, fee: number, balance: number) =>
    `Amount plus the fee of ${CURRENCY_SYMBOL[currency]}${formatMajor(fee, { withCommas: false })} cannot exceed your balance of ${CURRENCY_SYMBOL[currency]}${formatMajor(balance, { withCommas: false })} ${currency}`,
  verifyUserFailed: 'Failed to verify user',
  userDoesNotExist: 'User does not exist',
  userNotFound: 'User not found',
} as const;

export const receipt = {
  shared: 'Receipt shared successfully!',
  shareFailed: 'Failed to share receipt',
  elementNotFound: 'Receipt element not found',
} as const;

export const exchange = {
  invalidAmount: 'Please enter a valid amount',
  walletUnavailable: 'Wallet information not available',
  amountNotPositive: 'Please enter an amount greater than 0',
  /** 'Insufficient {currency} balance. Available: {balance} {currency}' */
  insufficientBalanceAvailable: (currency: Currency, balance: string) =>
    `Insufficient ${currency} balance. Available: ${balance} ${currency}`,
  failed: 'Conversion failed',
  rateFetchFailed: 'Failed to fetch exchange rate',
  /** The server's success text. */
  successServer: 'Currency conversion successful!',
  /** 'Successfully converted {from} {amount} to {to}' */
  convertedSuccess: (from: Currency, amount: string, to: Currency) => `Successfully converted ${from} ${amount} to ${to}`,
} as const;

export const history = {
  /** A fee's own history item (kind 'fee', charged with the transfer it names). */
  feeDescription: (reference: string) => `Fee for ${reference}`,
  isFeeDescription: (description: string | null) => description !== null && /^Fee for KD[0-9A-F]{16}$/.test(description),
  fetchFailed: 'Failed to fetch transaction history',
  loading: 'Loading transactions...',
  empty: 'No transactions found',
  /** 'Showing page X of Y' */
  showingPage: (page: number, pages: number) => `Showing page ${page} of ${pages}`,
} as const;

export const help = {
  sent: 'Message sent successfully!',
  sendFailed: 'Failed to send message. Please try again.',
  busy: 'Sending...',
} as const;

export const profile = {
  loadFailed: 'Failed to load profile',
  countriesFailed: 'Failed to load countries list',
  fieldsRequired: 'Please fill in all fields',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  phoneNotSet: 'Not set',
  incorrectPassword: 'Incorrect password',
  invalidPassword: 'Invalid password',
  verifyPasswordFailed: 'Failed to verify password',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully!',
  passwordChangeFailed: 'Failed to change password',
} as const;

/**
 * The app's own checks of a proof-of-address file before it is sent (not in the spec); the
 * server's refusals and the quote texts of spec-next are `tierLimits` and `quotes`.
 */
export const pricing = {
  documentTooLarge: 'The document must be at most 5 MB.',
  documentEmpty: 'The document is empty.',
  documentUploadFailed: 'Upload failed',
} as const;

export const bills = {
  walletFetchFailed: 'Failed to fetch wallet details',
  walletUnavailable: 'Wallet information not available',
  balanceLoadFailed: 'Failed to load wallet balance',
  payeesFetchFailed: 'Failed to fetch payees',
  incorrectPin: 'Please enter the correct pin',
  verifyPinFailed: 'Failed to verify transaction pin',
  invalidPin: 'Please enter a valid pin',
  success: 'Payment made successfully',
  failed: 'Payment failed',
  payFailed: 'Failed to pay bill',
  noSchool: 'No school found',
  noBiller: 'No biller found',
  /** 'Amount cannot exceed your balance of $X CAD', X to 2 decimals. */
  billAmountTooHigh: (balance: number) =>
    `Amount cannot exceed your balance of $${formatMajor(balance, { withCommas: false })} CAD`,
  /** Ours (spec-next §A's fee; the spec's text would call an amount within the balance above it): X and F to 2 decimals. */
  billAmountAndFeeTooHigh: (fee: number, balance: number) => transfers.amountAndFeeTooHigh('CAD', fee, balance),
} as const;

/** Rate-locked quotes (spec-next §A, "Using a quote"), verbatim. */
export const quotes = {
  expired: 'This quote has expired. Please review the new rate.',
  used: 'This quote has already been used.',
  mismatch: 'This quote does not match this conversion.',
} as const;

/** A transfer's life (spec-next §C): the cancel refusal verbatim, and the texts the spec leaves to us. */
export const activity = {
  cannotCancel: 'This transfer can no longer be cancelled.',
  notFound: 'Transaction not found',
  cancelled: 'Transfer cancelled. The money is back in your wallet.',
} as const;

/** Statements (spec-next §E): the period picker of the History screen and GET /statements' refusals. */
export const statements = {
  download: 'Download statement',
  /** GET /statements' refusals, naming the query's fields: 'from must be a real date written YYYY-MM-DD, e.g. 2025-03-01' */
  badDate: (field: 'from' | 'to') => `${field} must be a real date written YYYY-MM-DD, e.g. 2025-03-01`,
  toBeforeFrom: 'to must be on or after from',
  tooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
  outOfRange: `A statement covers days from ${STATEMENT_FIRST_DAY} to ${STATEMENT_LAST_DAY}`,
  /** The period picker's texts (fields From and To). */
  fromRequired: 'Choose the first day',
  toRequired: 'Choose the last day',
  badDay: 'Enter a date as YYYY-MM-DD',
  lastBeforeFirst: 'The last day must be on or after the first day',
  downloadFailed: 'Could not download the statement. Please try again.',
  /** 'Statement saved: kudi-statement-CAD-2025-03-01-to-2025-03-31.csv' */
  saved: (filename: string) => `Statement saved: ${filename}`,
} as const;

/** Saved recipients (spec-next §E); the spec words none of these. */
export const recipients = {
  notFound: 'Recipient not found',
  deleted: 'Recipient removed',
  /** A send or name check by a saved recipient's id whose account number or bank is not that recipient's. */
  accountMismatch: "This account number or bank is not the saved recipient's.",
  recent: 'Recent recipients',
  deleteFailed: 'Failed to remove the recipient',
} as const;

/** Server refusals and acknowledgements the spec does not spell out. */
export const server = {
  internal: 'Something went wrong. Please try again.',
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidCredentials: 'Invalid email or password',
  userExists: 'User with this email already exists',
  /** Contains signUp.needsVerificationMarker, so the client moves to the code step. */
  userExistsUnverified: 'User with this email already exists but is not verified. Request a new OTP to verify.',
  emailAlreadyVerified: 'Email already verified',
  invalidOrExpiredOtp: 'Invalid or expired OTP',
  otpCooldown: 'Please wait before requesting a new OTP',
  invalidEmail: 'Please enter a valid email address',
  invalidDate: 'Please enter a valid date of birth',
  /** A number that is not in E.164 or cannot exist (libphonenumber's rules). */
  invalidPhone: phone.invalid,
  phoneInUse: 'This phone number is already in use',
  incorrectPin: 'Incorrect transaction PIN',
  pinLocked: 'Too many wrong PIN attempts. Try again in 30 minutes.',
  pinNotSet: 'Transaction PIN not set',
  pinAlreadySet: 'Transaction PIN already set',
  pinConfirmationRequired: 'Please confirm your transaction PIN first',
  passwordCheckRequired: 'Please verify your password first',
  verificationRequired: 'Please complete email, phone and identity verification first',
  walletNotActivated: 'Your Naira wallet is not activated',
  walletAlreadyActivated: 'Your Naira wallet is already activated',
  /** A naira user transfer to a customer who has not activated their naira wallet (cf. nairaWallet.notActivated). */
  recipientWalletNotActivated: "The recipient's Naira wallet is not activated yet, so they cannot receive naira payments",
  amountNotPositive: 'Amount must be greater than 0',
  amountDecimals: 'Amount can have at most 2 decimal places',
  /** 'Amount cannot be more than 1,000,000,000.00' (MAX_AMOUNT_MINOR). */
  amountTooLarge: `Amount cannot be more than ${formatMinor(MAX_AMOUNT_MINOR)}`,
  /** A credit that would take a wallet above MAX_BALANCE_MINOR. */
  balanceCeiling: (currency: Currency) =>
    `This would take the receiving wallet over its limit of ${formatMinor(MAX_BALANCE_MINOR)} ${currency}`,
  /** A figure the database cannot hold (backstop of the limits above). */
  amountOutOfRange: 'This amount is too large to process',
  amountAboveLimit: 'Amount exceeds the transaction limit',
  sameCurrency: 'Choose two different currencies',
  selfTransfer: 'You cannot send money to yourself',
  billDescription: 'Description must be 5 to 20 characters',
  payeeAccountRequired: 'Payee account number is required',
  payeeNotFound: 'Payee not found',
  /** An NGN account number whose check digit cannot be one of this bank's (name enquiry, payout). */
  invalidAccountNumber: 'Invalid account number for this bank',
  /** An NGN account number the bank does not know (name enquiry, payout). */
  accountNotFound: 'Account not found at this bank. Check the bank and account number.',
  idempotencyMismatch: 'This Idempotency-Key was used with a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still in progress',
  loggedOut: 'Signed out successfully',
  timezoneUpdated: 'Time zone updated',
  depositReceived: 'Deposit received',
  // Accounts module
  otpExpired: 'OTP has expired. Request a new one.',
  otpTooManyAttempts: 'Too many attempts. Request a new OTP.',
  otpHourlyCap: (minutes: number) => `Too many codes requested. Try again in ${minutesText(minutes)}.`,
  loginThrottled: (minutes: number) => `Too many failed sign-in attempts. Try again in ${minutesText(minutes)}.`,
  tooManyRequestsFor: (minutes: number) => `Too many requests. Try again in ${minutesText(minutes)}.`,
  recipientChecksThrottled: (minutes: number) => `Too many recipient checks. Try again in ${minutesText(minutes)}.`,
  nameInquiriesThrottled: (minutes: number) => `Too many name inquiries. Try again in ${minutesText(minutes)}.`,
  incorrectPinAttemptsLeft: (left: number) => `Incorrect transaction PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  pinLockedFor: (minutes: number) => `Too many wrong PIN attempts. PIN use is locked for ${minutesText(minutes)}.`,
  pinConfirmed: 'Transaction PIN confirmed',
  resetNotAllowed: 'Please verify the code sent to your email first',
  emailMismatch: 'This session does not belong to that email',
  namesRequired: 'Please enter your first and last name',
  invalidCountry: 'Please choose a valid country',
  invalidTimezone: 'Please enter a valid time zone',
  dobUnchangeable: 'Date of birth cannot be changed',
  profileLocked: 'Name and nationality cannot be changed once your account is verified. Please contact support.',
  invalidAccessKey: 'Invalid access key',
  identityAlreadyVerified: 'Identity already verified',
  /** A signed-in person's standalone check is for their account: it must carry the account's legal name. */
  identityNamesDiffer: 'Please enter your legal first and last name as they are on your account',
  identityUnavailable: 'Identity verification is not available right now',
  identitySessionNotFound: 'Verification session not found',
  identityAlreadyDecided: 'This verification session is already complete',
  invalidSignature: 'Invalid webhook signature',
  webhookApplied: 'Decision recorded',
  webhookReplayed: 'Decision already recorded',
} as const;

function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Limits by tier and the proof of address (spec-next §B); X formatted like '1,000.00' (CAD). The
 * 30-day text is the daily one with `...30-day limit...` in place of "daily limit", the rest as it
 * is: X is then what the 30-day limit leaves to send today.
 */
export const tierLimits = {
  dailyLimit: (remaining: string) => `This exceeds your daily limit. You can send up to $${remaining} more today.`,
  thirtyDayLimit: (remaining: string) => `This exceeds your 30-day limit. You can send up to $${remaining} more today.`,
  perTransferLimit: (limit: string) => `This exceeds your per-transfer limit of $${limit}.`,
  proofReceived: 'Proof of address received. We will review it shortly.',
  proofNotMultipart: 'Send the document as multipart/form-data, in a file field named document.',
  proofMissing: 'Attach one file named document (PDF, PNG or JPEG, at most 5 MB).',
  proofOneFile: 'Attach only one file, named document.',
  proofEmpty: 'The document is empty. Attach a PDF, PNG or JPEG file.',
  proofTooLarge: 'The document is larger than 5 MB. Attach a file of at most 5 MB.',
  proofWrongType: 'The document must be a PDF, PNG or JPEG file.',
  proofUnreadable: 'The upload could not be read. Send one file named document as multipart/form-data.',
  proofPending: 'Your proof of address is already being reviewed.',
  proofApproved: 'Your proof of address is already approved.',
  proofNoneWaiting: 'No proof of address is waiting for review',
  proofRejectedDefault: 'The document does not show your name and a current address.',
  plusEmailSubject: 'Your limits were raised to Plus',
  proofRejectedEmailSubject: 'Your proof of address was not accepted',
} as const;

/**
 * spec-next: every answer keeps the { success, message, data } shape; the messages of the answers
 * whose text neither spec words.
 */
export const answers = {
  limits: 'Your limits',
  recipients: 'Your saved recipients',
  transaction: 'Transaction details',
  devices: 'Your signed-in devices',
  quote: 'Quote created',
  pricing: 'Our fees and exchange margin',
  proofOfAddress: 'Your proof of address',
  user: 'Your profile',
  tokenRefreshed: 'Token refreshed',
  payees: 'Payees found',
  countries: 'Countries',
  banks: 'Nigerian banks',
  cadWallet: 'Your CAD wallet',
  nairaWallet: 'Your NGN wallet',
  rate: 'Exchange rate',
  ngnLimit: 'The largest single NGN payout',
  history: 'Your transactions',
  accountFound: 'Account found',
  supportConfig: 'Support tools',
  healthy: 'The server and its database are up',
  databaseDown: 'The database is unavailable',
  devOutbox: 'Messages delivered',
  devProofDecided: 'Proof of address decided',
  devPayoutsReleased: 'Payouts released',
} as const;

/** Devices (spec-next §E): the spec names none of these texts; ours, shared by the server and Profile. */
export const devices = {
  notFound: 'Device not found',
  signedOut: 'That device has been signed out.',
  /** POST /sessions/revoke-others: how many other devices were signed out. */
  othersSignedOut: (count: number) =>
    count === 0 ? 'No other device was signed in.' : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}.`,
  loadFailed: 'Failed to load your devices',
  signOutFailed: 'Failed to sign that device out',
  signOutOthersFailed: 'Failed to sign out your other devices',
} as const;
