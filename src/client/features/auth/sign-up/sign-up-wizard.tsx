import { Form, Formik, type FormikHelpers } from 'formik';
import styled from 'styled-components';
import * as M from '../../../../shared/messages';
import { serverMessage } from '../../../api/error-message';
import { RefusedSubmitToast, Stack, toast } from '../../../ui';
import { useSignUpMutation } from '../auth-api';
import { authUiIds, SIGN_UP_INDICATOR_STEPS, useBackToSignIn, useHeadingFocus, useWizardStep } from '../auth-flow';
import { AuthLink, SwitchLine } from '../auth-parts';
import { useBackSteps } from '../use-back-steps';
import { ConfirmEmailStep } from './confirm-email-step';
import { CountryStep } from './country-step';
import { DetailsStep } from './details-step';
import { PasswordStep } from './password-step';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';
import { detailsSchema, initialSignUpValues, signUpPayload, type SignUpValues } from './sign-up-form';

const CODE_STEP = SIGN_UP_INDICATOR_STEPS + 1;

const StepForm = styled(Form)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** The sign-up wizard (spec §2, §4): one Formik for steps 1–4, so Back keeps every value; step 5 confirms the e-mail. */
export default function SignUpWizard() {
  const [step, setStep] = useWizardStep(authUiIds.signUp);
  const steps = useHeadingFocus(step);
  const backToSignIn = useBackToSignIn(authUiIds.signUp);
  const [signUp] = useSignUpMutation();
  // The phone's Back: one step back; from step 1, or from the code step (the account exists), to sign-in.
  useBackSteps(() => (step > 1 && step < CODE_STEP ? setStep(step - 1) : backToSignIn()));

  const createAccount = async (values: SignUpValues) => {
    const result = await signUp(signUpPayload(values));
    if (!result.error) {
      toast.succeeded(M.signUp.success);
      setStep(CODE_STEP);
      return;
    }
    const message = serverMessage(result.error);
    if (message?.includes(M.signUp.needsVerificationMarker)) {
      toast.info(message);
      setStep(CODE_STEP);
    } else {
      toast.error(message ?? M.signUp.failed);
    }
  };

  const submit = async (values: SignUpValues, { setTouched }: FormikHelpers<SignUpValues>) => {
    if (step < SIGN_UP_INDICATOR_STEPS) {
      setStep(step + 1);
      await setTouched({}, false); // the next step starts without errors shown
    } else {
      await createAccount(values);
    }
  };

  return (
    <Formik initialValues={initialSignUpValues} validationSchema={step === 2 ? detailsSchema : undefined} onSubmit={submit}>
      <div ref={steps}>
        <Stack>
          {step < CODE_STEP && <StepIndicator step={step} total={SIGN_UP_INDICATOR_STEPS} />}
          {step === CODE_STEP ? (
            <ConfirmEmailStep />
          ) : (
            <StepForm noValidate>
              {step === 1 && <CountryStep />}
              {step === 2 && <DetailsStep onBack={() => setStep(1)} />}
              {step === 2 && <RefusedSubmitToast id="sign-up-details" />}
              {step === 3 && <ReviewStep onEdit={() => setStep(1)} />}
              {step === 4 && <PasswordStep onBack={() => setStep(3)} />}
            </StepForm>
          )}
          <SwitchLine>
            Already have an account?
            <AuthLink onFollow={backToSignIn}>Login</AuthLink>
          </SwitchLine>
        </Stack>
      </div>
    </Formik>
  );
}
