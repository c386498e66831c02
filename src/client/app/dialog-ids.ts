/** Ids of dialogs opened from more than one feature (ui slice keys). */
export const dialogIds = {
  /** Verification reminder, opened by gated links and tiles (spec §2). */
  verificationReminder: 'verification-reminder',
  /** Set transaction PIN (set, then confirm). */
  setPin: 'set-pin',
  signOut: 'sign-out',
  selectCurrency: 'select-currency',
  /** 'Please activate your wallet' (spec §2): sending naira from a wallet that is not activated. */
  activateWallet: 'activate-wallet',
} as const;

/** Ids of tabs selected from more than one feature (ui slice keys). */
export const tabIds = {
  /** The currency tab of /add-money; the wallet-activation dialog (money flows) selects its NGN tab. */
  addMoney: 'add-money',
} as const;
