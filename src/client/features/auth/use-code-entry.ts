import { useRef, useState } from 'react';
import * as M from '../../../shared/messages';
import type { CodeInputHandle } from '../../ui';
import type { EmailCodeFormProps } from './email-code-form';

/**
 * The six boxes of an e-mail code step (sign-up step 5, the sign-in code step, reset step 2) and
 * what a refused code does to them: the boxes clear and box 1 takes the focus (spec §4), and a
 * code refused for too many tries (`codeDead`) opens Resend at once, until a new code is sent.
 */
export function useCodeEntry() {
  const [code, setCode] = useState('');
  const [codeDead, setCodeDead] = useState(false);
  const codeRef = useRef<CodeInputHandle>(null);
  return {
    /** The boxes' part of an EmailCodeForm's props. */
    codeProps: {
      code,
      onCodeChange: setCode,
      codeRef,
      codeDead,
      /** A Resend sent a new code. */
      onResent: () => setCodeDead(false),
    } satisfies Partial<EmailCodeFormProps>,
    /** A code was refused with `message` (the server's, when it gave one). */
    refused(message: string | undefined) {
      setCodeDead(message === M.server.otpTooManyAttempts);
      setCode('');
      codeRef.current?.focusFirst();
    },
  };
}
