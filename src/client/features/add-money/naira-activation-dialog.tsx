import { useFormik } from 'formik';
import * as Yup from 'yup';
import { BVN_LENGTH, DEFAULT_GENDER, GENDERS, NIN_MAX_LENGTH } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import type { Req } from '../../../shared/types';
import { digitsOnly, isBvn } from '../../../shared/validation';
import { messageOf } from '../../api/error-message';
import { useActivateNairaWalletMutation } from '../../api/wallet-api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { dialogClosed, selectIsDialogOpen } from '../../app/ui-slice';
import { Button, Modal, SelectField, Stack, TextField, toast, useRefusedSubmitToast } from '../../ui';
import { useDialogClosedOnUnmount } from '../../app/use-dialog-closed-on-unmount';
import { nairaActivationDialogId } from './add-money-ids';

type Gender = NonNullable<Req<'activateNairaWallet'>['gender']>;

interface Values {
  gender: Gender;
  bvn: string;
  nin: string;
}

const schema = Yup.object({
  bvn: Yup.string().test('bvn', M.nairaWallet.invalidBvn, (bvn = '') => isBvn(bvn)),
});

const genderLabel: Record<Gender, string> = { male: 'Male', female: 'Female' };

/** Gender, BVN and optional NIN → POST /wallet/naira-wallet; the wallet then reloads (spec §4). */
export function NairaActivationDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsDialogOpen(state, nairaActivationDialogId));
  const close = () => dispatch(dialogClosed(nairaActivationDialogId));
  useDialogClosedOnUnmount(nairaActivationDialogId);
  return (
    <Modal open={open} onClose={close} title="Activate Naira Wallet" description="Enter your details to open your naira account.">
      <ActivationForm onDone={close} />
    </Modal>
  );
}

function ActivationForm({ onDone }: { onDone(): void }) {
  const [activate, { isLoading }] = useActivateNairaWalletMutation();
  const form = useFormik<Values>({
    initialValues: { gender: DEFAULT_GENDER, bvn: '', nin: '' },
    validationSchema: schema,
    onSubmit: async ({ gender, bvn, nin }) => {
      // The three fields of spec §7 every time: an empty NIN is sent as '' (the server takes it as none).
      const result = await activate({ bvn, NIN: nin, gender });
      if (result.data?.success === 'true') {
        toast.success(result.data.message || M.nairaWallet.activated);
        onDone();
      } else {
        toast.error(messageOf(result.error, M.nairaWallet.activateFailed));
      }
    },
  });

  // A refused submit says why as a toast too (spec §8), beside the words under the BVN.
  useRefusedSubmitToast(form, form.errors.bvn, 'naira-activation');

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack>
        <SelectField label="Gender" {...form.getFieldProps('gender')}>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>{genderLabel[gender]}</option>
          ))}
        </SelectField>
        <TextField
          label="BVN"
          inputMode="numeric"
          autoComplete="off"
          {...form.getFieldProps('bvn')}
          onChange={(event) => void form.setFieldValue('bvn', digitsOnly(event.target.value, BVN_LENGTH))}
          error={form.touched.bvn && form.errors.bvn}
        />
        <TextField
          label="NIN (optional)"
          inputMode="numeric"
          autoComplete="off"
          {...form.getFieldProps('nin')}
          onChange={(event) => void form.setFieldValue('nin', digitsOnly(event.target.value, NIN_MAX_LENGTH))}
        />
        <Button type="submit" fullWidth busy={isLoading} busyLabel="Activating...">Activate Wallet</Button>
      </Stack>
    </form>
  );
}
