/**
 * The steps of every money flow (spec §4), in order: the form, a review of what will be sent,
 * the transaction PIN, then the result (success toast and receipt; a failure stays on the PIN).
 * Each step after the form is a ui-slice dialog, so Redux DevTools time-travel shows it.
 */
export const MONEY_FLOW_STEPS = ['form', 'review', 'pin', 'result'] as const;

export type MoneyFlowStep = (typeof MONEY_FLOW_STEPS)[number];

/**
 * Whether the flows show the review step between the form and the PIN (spec-next §A: on). Off: the form leads
 * straight to the PIN. Turning it on here turns it on for every flow (each supplies its
 * review lines); a flow can still override it with its `review` option.
 */
export const REVIEW_STEP = true;

/**
 * ui-slice dialog ids of a flow's steps after the form, e.g. 'transfer-cad-review',
 * 'transfer-cad-pin' and 'transfer-cad-receipt' (the result step shows the receipt).
 */
export const moneyDialogIds = (flow: string) =>
  ({ review: `${flow}-review`, pin: `${flow}-pin`, receipt: `${flow}-receipt` }) as const;

export type MoneyDialogIds = ReturnType<typeof moneyDialogIds>;
