import * as M from '../../../shared/messages';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogOpened } from '../../app/ui-slice';
import { Button } from '../../ui';
import { PhoneCodeDialog } from './phone-code-dialog';
import { PhoneNumberDialog } from './phone-number-dialog';
import { VerificationCard } from './verification-card';
import { verificationIds } from './verification-ids';
import { phoneCodeSent, selectPhoneCodeSentTo } from './verification-slice';

/** Phone card: number and country, then the 6-digit SMS code (spec §2, §4). */
export function PhoneVerification({ phone, verified }: { phone: string | null; verified: boolean }) {
  const dispatch = useAppDispatch();
  const sentTo = useAppSelector(selectPhoneCodeSentTo);
  return (
    <VerificationCard title="Phone Verification" text={phone ?? M.profile.phoneNotSet} verified={verified}>
      <Button variant="secondary" onClick={() => dispatch(dialogOpened(verificationIds.phoneNumberDialog))}>
        Verify Phone
      </Button>
      <PhoneNumberDialog onSent={(phoneNumber) => dispatch(phoneCodeSent(phoneNumber))} />
      {sentTo && <PhoneCodeDialog phoneNumber={sentTo} />}
    </VerificationCard>
  );
}
