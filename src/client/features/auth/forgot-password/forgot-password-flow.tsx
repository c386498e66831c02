import { Form, Formik } from 'formik';
import styled from 'styled-components';
import * as M from '../../../../shared/messages';
import { messageOf } from '../../../api/error-message';
import { Stack, toast } from '../../../ui';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../auth-api';
import { authUiIds, useBackToSignIn, useHeadingFocus, useWizardStep } from '../auth-flow';
import { AuthLink, SwitchLine } from '../auth-parts';
import { useBackSteps } from '../use-back-steps';
import { initialValues, type ForgotPasswordValues } from './forgot-password-values';
import { ResetCodeStep } from './reset-code-step';
import { ResetPasswordStep } from './reset-password-step';
import { ResetRequestStep } from './reset-request-step';

const StepForm = styled(Form)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** Forgot password (spec §2, §4): 1 e-mail → 2 code → 3 new password → back to sign-in. */
export default function ForgotPasswordFlow() {
  const [step, setStep] = useWizardStep(authUiIds.forgotPassword);
  const steps = useHeadingFocus(step);
  const backToSignIn = useBackToSignIn(authUiIds.forgotPassword);
  const [forgotPassword] = useForgotPasswordMutation();
  const [resetPassword] = useResetPasswordMutation();
  // The phone's Back: from the code to the e-mail (to correct it); from the e-mail, or the new password
  // (its code already verified), to sign-in.
  useBackSteps(() => (step === 2 ? setStep(1) : backToSignIn()));

  const requestCode = async (email: string) => {
    const result = await forgotPassword({ email });
    if (result.error) {
      toast.error(messageOf(result.error, M.forgotPassword.failed));
      return;
    }
    toast.success(M.forgotPassword.emailSent);
    setStep(2);
  };

  const reset = async ({ email, password, confirmPassword }: ForgotPasswordValues) => {
    const result = await resetPassword({ email, new_password: password, confirm_password: confirmPassword });
    if (result.error) {
      toast.error(messageOf(result.error, M.forgotPassword.resetFailed));
      return;
    }
    toast.succeeded(M.forgotPassword.resetSuccess);
    backToSignIn();
  };

  return (
    <Formik
      initialValues={initialValues}
      onSubmit={(values) => (step === 1 ? requestCode(values.email.trim()) : reset({ ...values, email: values.email.trim() }))}
    >
      {({ values }) => (
        <div ref={steps}>
          <Stack>
            {step === 2 ? (
              <ResetCodeStep email={values.email.trim()} onVerified={() => setStep(3)} />
            ) : (
              <StepForm noValidate>{step === 1 ? <ResetRequestStep /> : <ResetPasswordStep />}</StepForm>
            )}
            <SwitchLine>
              Remembered your password?
              <AuthLink onFollow={backToSignIn}>Login</AuthLink>
            </SwitchLine>
          </Stack>
        </div>
      )}
    </Formik>
  );
}
