import { useId, type ReactNode } from 'react';
import type { FormikValues } from 'formik';
import { Card, CardTitle, FormError, Stack } from '../../ui';
import { PinModal } from './pin-modal';
import { ReceiptModal } from './receipt-modal';
import { ReviewModal } from './review-modal';
import type { MoneyFlowState } from './use-money-flow';

export interface MoneyFormStepProps<Values extends FormikValues> {
  flow: MoneyFlowState<Values>;
  /** Names the form: a visible card heading ('card'), or only its accessible name ('plain'). */
  title: string;
  /** Default 'card'. */
  layout?: 'card' | 'plain';
  /** The flow's fields. */
  children: ReactNode;
  /** Under the form's message: the submit button (and e.g. Cancel). */
  actions: ReactNode;
}

/** The form step: the flow's fields, the form's one message, then its actions; submitting it goes to the next step. */
export function MoneyFormStep<Values extends FormikValues>({ flow, title, layout = 'card', children, actions }: MoneyFormStepProps<Values>) {
  const titleId = useId();
  const { form, message, messageId } = flow;
  const content = (
    <>
      {children}
      {message && <FormError id={messageId}>{message}</FormError>}
      {actions}
    </>
  );
  if (layout === 'plain') {
    return (
      <form aria-label={title} onSubmit={form.handleSubmit} noValidate>
        <Stack>{content}</Stack>
      </form>
    );
  }
  return (
    <Card as="form" aria-labelledby={titleId} onSubmit={form.handleSubmit} noValidate>
      <CardTitle id={titleId}>{title}</CardTitle>
      {content}
    </Card>
  );
}

/**
 * Every step of a money flow (spec §4), from useMoneyFlow's state: the form, the review (when
 * on), the PIN and the result's receipt. The steps after the form are dialogs opened from the
 * ui slice.
 */
export function MoneyFlow<Values extends FormikValues>(props: MoneyFormStepProps<Values>) {
  const { flow } = props;
  return (
    <>
      <MoneyFormStep {...props} />
      {flow.review.on && <ReviewModal id={flow.dialogs.review} lines={flow.review.lines()} onContinue={flow.reviewed} onBack={flow.backToForm} />}
      <PinModal id={flow.dialogs.pin} onConfirm={flow.pin.confirm} invalidMessage={flow.pin.invalidMessage} />
      <ReceiptModal
        id={flow.dialogs.receipt}
        title={flow.result.title}
        rows={flow.result.rows}
        notice={flow.result.notice}
        item={flow.result.item}
        onClose={flow.result.onClose}
      />
    </>
  );
}
