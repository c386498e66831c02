import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_NAME, TAGLINE } from '../../../shared/product';
import { paths } from '../../app/paths';
import { selectHasLiveSession } from '../../app/session-slice';
import { useAppSelector } from '../../app/store';
import { LoadingText, media } from '../../ui';
import { useAuthMode, useHeadingFocus, type AuthLocationState } from './auth-flow';
import { SignInForm } from './sign-in-form';

// Only sign-in is needed on arrival; the two other modes load when chosen.
const SignUpWizard = lazy(() => import('./sign-up/sign-up-wizard'));
const ForgotPasswordFlow = lazy(() => import('./forgot-password/forgot-password-flow'));

const PITCH = [
  { title: 'Secure transactions', text: 'Bank-level security protects every payment.' },
  { title: 'Instant transfers', text: 'Move money between CAD and NGN in moments.' },
  { title: 'Global coverage', text: 'Pay and get paid across borders.' },
];

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  ${media.lg} { flex-direction: row; }
`;

const FormSide = styled.main`
  display: flex;
  flex: 1 1 50%;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  ${media.lg} { order: 2; }
`;

const FormBox = styled.div`
  width: 100%;
  max-width: 440px;
`;

const BrandSide = styled.aside`
  display: flex;
  flex: 1 1 50%;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primaryDark};
  ${media.lg} { order: 1; padding: ${({ theme }) => theme.space.xxl}; }
`;

const Brand = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Tagline = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  ${media.lg} { font-size: ${({ theme }) => theme.fontSizes.display}; }
`;

const PitchList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  strong { display: block; }
`;

const Footer = styled.footer`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

function CurrentMode() {
  const [mode] = useAuthMode();
  const location = useLocation();
  const box = useHeadingFocus(mode);
  return (
    <FormBox ref={box}>
      <Suspense fallback={<LoadingText>Loading…</LoadingText>}>
        {mode === 'sign-up' ? (
          <SignUpWizard />
        ) : mode === 'forgot-password' ? (
          <ForgotPasswordFlow />
        ) : (
          // '/' and '/login' share this screen; an e-mail handed over in the router state starts a fresh form with it.
          <SignInForm key={(location.state as AuthLocationState | null)?.email ?? ''} />
        )}
      </Suspense>
    </FormBox>
  );
}

/**
 * '/' and '/login': sign in, the sign-up wizard or the forgot-password flow (spec §2). A signed-in
 * customer (a token whose expiry has not passed) goes on to the screen the guard sent them from, or
 * /dashboard: on arrival, and the moment sign-in succeeds.
 */
export default function AuthScreen() {
  const signedIn = useAppSelector(selectHasLiveSession);
  const location = useLocation();
  if (signedIn) return <Navigate to={(location.state as AuthLocationState | null)?.from ?? paths.dashboard} replace />;

  return (
    <Page>
      <FormSide>
        <CurrentMode />
        <Footer>All rights reserved @2025</Footer>
      </FormSide>
      <BrandSide aria-label={`About ${PRODUCT_NAME}`}>
        <Brand>{PRODUCT_NAME}</Brand>
        <Tagline>{TAGLINE}</Tagline>
        <PitchList>
          {PITCH.map(({ title, text }) => (
            <li key={title}>
              <strong>{title}</strong>
              {text}
            </li>
          ))}
        </PitchList>
      </BrandSide>
    </Page>
  );
}
