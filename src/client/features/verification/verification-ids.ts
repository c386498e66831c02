/** ui-slice keys of the /verification screen. */
export const verificationIds = {
  phoneNumberDialog: 'verify-phone-number',
  phoneCodeDialog: 'verify-phone-code',
  identityFlow: 'identity-check',
} as const;
