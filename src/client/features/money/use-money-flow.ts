import { useFormik, type FormikValues } from 'formik';
import { useEffect, useRef, useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useBackCloses } from '../../app/use-back-closes';
import { dialogClosed, dialogOpened, selectIsDialogOpen } from '../../app/ui-slice';
import { toastScope, useRefusedSubmitToast, type ToastScope } from '../../ui';
import { formMessage } from './form-message';
import type { MoneyArgs } from './money-call';
import { moneyDialogIds, REVIEW_STEP, type MoneyDialogIds, type MoneyFlowStep } from './money-flow-steps';
import type { ReceiptRow } from './receipt-modal';
import { useMoneySend, type CallResult, type MoneyAnswer, type MoneyToasts } from './use-money-send';

/** The Formik form of a money flow (its field values stay in Formik, never in the store). */
export type MoneyForm<Values extends FormikValues> = ReturnType<typeof useFormik<Values>>;

/**
 * What Confirm on the PIN step does with the form as it is: send this body, or go to another
 * step instead: back to 'form' (the PIN step closes; the flow has shown or said what is
 * missing) or stay on 'pin' for another try (the flow has said why, e.g. a refused PIN check).
 */
export type Confirmation<Body> = { send: Body } | { goTo: 'form' | 'pin' };

export interface MoneyFlowConfig<Values extends FormikValues, Body, Data extends MoneyAnswer> extends MoneyToasts<Data> {
  /** Names the flow's ui-slice dialogs: '<flow>-review', '<flow>-pin', '<flow>-receipt'. */
  flow: string;
  /** The empty form; a success clears the form back to it. */
  initialValues: Values;
  /** Values the form starts with instead, e.g. Send again from a history item (spec-next §C); read once, at mount. */
  prefill?: Partial<Values> | null;
  /**
   * Checked when the form is submitted (not on change or blur); its first message is shown on
   * the form. Once a submit has shown one, each change of the values checks again, so a message
   * goes as soon as it is no longer true (a flow whose schema reads more, e.g. a currency tab,
   * calls `useCheckedAgainOnChange` with it). A function is called at each validation, so
   * it can read the latest render.
   */
  schema: AnyObjectSchema | (() => AnyObjectSchema);
  /** After the schema passed: false keeps the form step (the flow says why), e.g. no wallet loaded. */
  canLeaveForm?(form: MoneyForm<Values>): boolean;
  /**
   * At Confirm on the PIN step: the body to send with this PIN, or the step to go to instead. What
   * it says goes through `said`, which the next Confirm takes back (a refused PIN, then a success).
   */
  prepare(pin: string, form: MoneyForm<Values>, said: ToastScope): Confirmation<Body> | Promise<Confirmation<Body>>;
  /** The mutation trigger that sends the body (with its Idempotency-Key). */
  send(args: MoneyArgs<Body>): Promise<CallResult<Data>>;
  /** Whether the mutation's answer is a success (the calls say it differently, spec §7). */
  succeeded(data: Data): boolean;
  /** The receipt lines of the last success (from the mutation's state), null before one. */
  receipt: ReceiptRow[] | null;
  /**
   * What the result says first (the receipt dialog's description), e.g. 'On its way. Expected by
   * 3:45 PM' for a payout still pending (spec-next §C); null when the lines say it all.
   */
  resultNotice?: string | null;
  /** The history item of the last success (its reference): the result links to its detail page. */
  resultItem?: string | null;
  /** After a success, with its answer (e.g. watching a pending payout until it settles). */
  sent?(data: Data): void;
  /** Default 'Transaction Receipt'. */
  receiptTitle?: string;
  /** After Done or close on the receipt, e.g. going back to the payee search. */
  onReceiptClosed?(): void;
  /** What the review step lists before the PIN is asked (called when the review step renders). */
  reviewLines?(values: Values): ReceiptRow[];
  /** Whether this flow shows the review step; default REVIEW_STEP (one switch for every flow). */
  review?: boolean;
  /** The PIN step's text for a PIN that is not 4 digits (bill payment has its own). */
  pinInvalidMessage?: string;
}

/** What the steps of a money flow render from (see MoneyFlow). */
export interface MoneyFlowState<Values extends FormikValues> {
  form: MoneyForm<Values>;
  dialogs: MoneyDialogIds;
  /** The step on screen, from the ui slice. */
  step: MoneyFlowStep;
  /** The one message the form step shows: its first validation error, else its status. */
  message: string | undefined;
  /** The id of that message on the form (a refused field is described by it). */
  messageId: string;
  /**
   * A field's Formik props, marked invalid (aria-invalid, described by the form's message) once a
   * submit has refused it: the form says one text for all its fields, and the fields it is about say so.
   */
  field(name: keyof Values & string): ReturnType<MoneyForm<Values>['getFieldProps']> & { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** Whether the review step is on, and its lines (read when it renders). */
  review: { on: boolean; lines(): ReceiptRow[] };
  /** Review step: Continue goes on to the PIN. */
  reviewed(): void;
  /** Review step: Back (or close) returns to the form, values kept. */
  backToForm(): void;
  pin: { confirm(pin: string): Promise<void>; invalidMessage?: string };
  result: { title: string; rows: ReceiptRow[] | null; notice: string | null; item: string | null; onClose?(): void };
}

/**
 * After a form's first submit, checks it again each time `changed` changes (its values, or whatever
 * else its schema reads), so a message the submit showed goes as soon as it is no longer true. The
 * submit itself is not checked twice: only a change of `changed` runs the check.
 */
export function useCheckedAgainOnChange(form: { submitCount: number; validateForm(): unknown }, changed: unknown): void {
  const submitted = useRef(false);
  submitted.current = form.submitCount > 0;
  const { validateForm } = form;
  useEffect(() => {
    if (submitted.current) void validateForm();
  }, [changed, validateForm]);
}

/**
 * One money flow (spec §4): form → [review] → PIN → result (receipt). The flow supplies its
 * fields' values and Yup schema, what to send at Confirm, its mutation and success test, and its
 * receipt lines; the steps, their dialogs in the ui slice, the Idempotency-Key and the toasts are
 * the same for every flow. On success the PIN step closes, the receipt opens and the form clears.
 */
export function useMoneyFlow<Values extends FormikValues, Body, Data extends MoneyAnswer>(
  config: MoneyFlowConfig<Values, Body, Data>,
): MoneyFlowState<Values> {
  const { flow, initialValues, schema, canLeaveForm, prepare, send, succeeded, successMessage, successToast, failureMessage } = config;
  const dispatch = useAppDispatch();
  const dialogs = moneyDialogIds(flow);
  const reviewOn = config.review ?? REVIEW_STEP;
  // What a Confirm said (a refusal, a failure): taken back at the next Confirm.
  const [said] = useState(toastScope);
  const moneySend = useMoneySend(said);
  // The prefill counts at mount only: later renders (and a success's reset) start from the empty form.
  const [startValues] = useState<Values>(() => (config.prefill ? { ...initialValues, ...config.prefill } : initialValues));

  const form: MoneyForm<Values> = useFormik<Values>({
    initialValues: startValues,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    // Async, so that Formik ends the submit (isSubmitting) once it has run, as it does for a refused one.
    onSubmit: async () => {
      if (canLeaveForm?.(form) === false) return;
      dispatch(dialogOpened(reviewOn ? dialogs.review : dialogs.pin));
    },
  });

  // A message shown by a submit stays only while it is true: after the first submit each change checks again
  useCheckedAgainOnChange(form, form.values);
  // ... and as a toast (spec §8; spec §5 marks none of the money forms' messages inline).
  const refusal = formMessage(form);
  useRefusedSubmitToast(form, refusal, flow);

  const step = useAppSelector((state): MoneyFlowStep => {
    if (selectIsDialogOpen(state, dialogs.review)) return 'review';
    if (selectIsDialogOpen(state, dialogs.pin)) return 'pin';
    if (selectIsDialogOpen(state, dialogs.receipt)) return 'result';
    return 'form';
  });

  const reviewed = () => {
    dispatch(dialogClosed(dialogs.review));
    dispatch(dialogOpened(dialogs.pin));
  };

  const backToForm = () => {
    if (reviewOn) dispatch(dialogClosed(dialogs.review));
    dispatch(dialogClosed(dialogs.pin));
  };

  // The phone's Back closes the steps and keeps the form as typed (the result's Done after a success).
  useBackCloses(flow, step !== 'form', () => {
    if (step === 'result') {
      dispatch(dialogClosed(dialogs.receipt));
      config.onReceiptClosed?.();
    } else backToForm();
  });

  const confirm = async (pin: string) => {
    said.clear();
    const confirmation = await prepare(pin, form, said);
    if ('goTo' in confirmation) {
      if (confirmation.goTo === 'form') backToForm();
      return;
    }
    const sent = await moneySend({ body: confirmation.send, send, succeeded, successMessage, successToast, failureMessage, onSuccess: config.sent });
    if (!sent) return;
    dispatch(dialogClosed(dialogs.pin));
    dispatch(dialogOpened(dialogs.receipt));
    form.resetForm({ values: initialValues });
  };

  const messageId = `${flow}-message`;
  const field = (name: keyof Values & string) => {
    const refused = form.submitCount > 0 && typeof form.errors[name] === 'string';
    return { ...form.getFieldProps(name), ...(refused ? { 'aria-invalid': true as const, 'aria-describedby': messageId } : {}) };
  };

  return {
    form,
    dialogs,
    step,
    message: refusal,
    messageId,
    field,
    review: { on: reviewOn, lines: () => config.reviewLines?.(form.values) ?? [] },
    reviewed,
    backToForm,
    pin: { confirm, invalidMessage: config.pinInvalidMessage },
    result: {
      title: config.receiptTitle ?? 'Transaction Receipt',
      rows: config.receipt,
      notice: config.resultNotice ?? null,
      item: config.resultItem ?? null,
      onClose: config.onReceiptClosed,
    },
  };
}
