import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/product';
import { PageHeader } from '../../ui';

const Page = styled.main`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space.lg}; }
`;

const SECTIONS: { title: string; body: ReactNode }[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        {PRODUCT_NAME} is a wallet for people who hold Canadian dollars (CAD) and Nigerian naira (NGN). This policy explains
        what personal data we collect when you use {PRODUCT_NAME}, why we collect it and what you can do about it.
      </p>
    ),
  },
  {
    title: 'What we collect',
    body: (
      <ul>
        <li>Account details: your legal first and last name, date of birth, email address, nationality and country of residence.</li>
        <li>Contact and verification details: your phone number, the identity document checked by our verification partner, and for a naira wallet your BVN and, if you give it, your NIN.</li>
        <li>Transaction details: deposits, transfers, conversions and bill payments, with the recipients and bank accounts you enter.</li>
        <li>Technical details: your device time zone and the records of your sign-ins, kept to protect your account.</li>
      </ul>
    ),
  },
  {
    title: 'Why we collect it',
    body: (
      <ul>
        <li>Regulatory compliance: financial regulations require us to know our customers (KYC) and to prevent fraud and money laundering. That is why your details must match your identity documents.</li>
        <li>Providing the service: to hold your balances, move your money and show you your history and receipts.</li>
        <li>Security: to confirm it is you who signs in and approves each payment.</li>
        <li>News and offers: only if you opted in, and you can opt out at any time.</li>
      </ul>
    ),
  },
  {
    title: 'Who we share it with',
    body: (
      <p>
        We share only what is needed with the partners that make the service work: identity verification, banks and
        payment networks, billers and messaging providers. We never sell your data. We disclose it to authorities when
        the law requires it.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account and transaction records for as long as your account is open and afterwards for the period
        financial regulations require (typically several years). Codes sent to you expire within minutes and are stored
        only in a form that cannot be read back.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        You can ask for a copy of your data, ask us to correct it, or ask us to delete it where the law allows. Some
        details, such as your verified legal name, can only be changed by contacting support, because they were checked
        against your documents.
      </p>
    ),
  },
  {
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy or your data: write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** /privacy-policy (public; opened in a new tab from the sign-up consent). */
export default function PrivacyPolicyScreen() {
  return (
    <Page>
      <PageHeader title="Privacy Policy" subtitle={`How ${PRODUCT_NAME} handles your personal data`} />
      {SECTIONS.map(({ title, body }) => (
        <Section key={title}>
          <h2>{title}</h2>
          {body}
        </Section>
      ))}
    </Page>
  );
}
