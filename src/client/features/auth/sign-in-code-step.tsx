import { useState } from 'react';
import * as M from '../../../shared/messages';
import { AuthHeading, AuthLink, SwitchLine } from './auth-parts';
import { EmailCodeForm } from './email-code-form';
import { useEmailVerification } from './use-email-verification';

export interface SignInCodeStepProps {
  email: string;
  /** Whether a code was sent when sign-in found the e-mail unverified (the line above the boxes says so only then). */
  codeSent: boolean;
  /** When the last code is known to have gone out (Resend counts down from it), or null. */
  sentAt: number | null;
  /** The e-mail is verified: sign in again with the same e-mail and password, or choose a password (`choosePassword`). */
  onVerified(choosePassword: boolean): void;
  onBack(): void;
}

/** Sign-in for an e-mail not verified yet: the e-mail code, Resend (with the cool-down), Confirm, then on to sign in. */
export function SignInCodeStep({ email, codeSent, sentAt, onVerified, onBack }: SignInCodeStepProps) {
  const [sent, setSent] = useState(codeSent);
  const { codeProps } = useEmailVerification(email, onVerified);

  return (
    <>
      <AuthHeading title={M.signInCode.title}>{sent ? M.signInCode.sent(email) : M.signInCode.notSent(email)}</AuthHeading>
      <EmailCodeForm
        {...codeProps}
        email={email}
        cooldownFrom={sentAt}
        onResent={() => {
          setSent(true);
          codeProps.onResent();
        }}
      />
      <SwitchLine>
        <AuthLink onFollow={onBack}>{M.signInCode.back}</AuthLink>
      </SwitchLine>
    </>
  );
}
