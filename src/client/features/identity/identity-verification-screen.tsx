import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { object, string } from 'yup';
import { NAME_MAX_LENGTH } from '../../../shared/limits';
import * as M from '../../../shared/messages';
import { PRODUCT_NAME } from '../../../shared/product';
import { messageOf } from '../../api/error-message';
import { paths } from '../../app/paths';
import { selectIsSignedIn } from '../../app/session-slice';
import { useAppSelector } from '../../app/store';
import { useUser } from '../../app/use-user';
import { Button, Card, FormError, LoadingText, PageHeader, RefusedSubmitToast, Stack, TextField, toast } from '../../ui';
import { useCreateExternalIdentitySessionMutation } from './identity-api';
import { IdentityCheck, useIdentityFlow } from './identity-flow';

const FLOW_ID = 'external-identity';

const schema = object({
  first_name: string().trim().required(M.identity.namesRequired),
  last_name: string().trim().required(M.identity.namesRequired),
});

const Page = styled.main`
  max-width: 480px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
`;

interface Names {
  first_name: string;
  last_name: string;
}

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * /identity-verification (unguarded): starts an identity check for a name, with the fixed public
 * key. A signed-in person's call carries their bearer token (the API's base query adds it), which
 * makes it their own check, counted for their account: the screen says so and starts from their
 * account's legal name, the name the server then requires.
 */
export default function IdentityVerificationScreen() {
  const [createSession, { data }] = useCreateExternalIdentitySessionMutation({ fixedCacheKey: FLOW_ID });
  const { openFrame } = useIdentityFlow(FLOW_ID);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { user, isError } = useUser({ skip: !signedIn });
  const account = signedIn ? user : null;

  const start = async ({ first_name, last_name }: Names) => {
    const result = await createSession({ first_name: first_name.trim(), last_name: last_name.trim(), key: __IDENTITY_KEY__ });
    if (result.data?.success) {
      toast.success(M.identity.sessionCreated);
      openFrame();
    } else {
      toast.error(messageOf(result.error, M.identity.createSessionFailed));
    }
  };

  return (
    <Page>
      <PageHeader title="Identity Verification" subtitle="Enter your legal name as it appears on your ID document." />
      <Card>
        {account && <Muted>{M.identity.signedInAs(account.email)}</Muted>}
        {signedIn && !account && !isError ? (
          <LoadingText>Loading...</LoadingText>
        ) : (
          <NameForm initialValues={{ first_name: account?.first_name ?? '', last_name: account?.last_name ?? '' }} onSubmit={start} />
        )}
        <IdentityCheck flowId={FLOW_ID} url={data?.data.verification_url} />
        <Link to={paths.home}>Back to {PRODUCT_NAME}</Link>
      </Card>
    </Page>
  );
}

/** The two names and Start Verification (spec §5: both required, trimmed). */
function NameForm({ initialValues, onSubmit }: { initialValues: Names; onSubmit(names: Names): Promise<void> }) {
  return (
    <Formik initialValues={initialValues} validationSchema={schema} validateOnBlur={false} validateOnChange={false} onSubmit={onSubmit}>
      {({ values, errors, handleChange, isSubmitting }) => (
        <Form noValidate>
          <RefusedSubmitToast id="identity-names" />
          <Stack>
            <TextField label="First name" name="first_name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} value={values.first_name} onChange={handleChange} />
            <TextField label="Last name" name="last_name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} value={values.last_name} onChange={handleChange} />
            {(errors.first_name || errors.last_name) && <FormError>{errors.first_name ?? errors.last_name}</FormError>}
            <Button type="submit" fullWidth busy={isSubmitting}>Start Verification</Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
