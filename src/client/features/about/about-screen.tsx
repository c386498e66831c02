import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../../shared/product';
import { paths } from '../../app/paths';
import { Card, CardTitle, PageHeader, media } from '../../ui';
import { HelpCenter } from './help-center';

/** Not in the spec: the product's social page. */
const SOCIAL_URL = 'https://x.com/kudi';

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** /about: terms, social link, privacy policy and the Help Center (spec §2). */
export default function AboutScreen() {
  return (
    <main>
      <PageHeader title="About" subtitle={`Help and information about ${PRODUCT_NAME}.`} />
      <Cards>
        <Card>
          <CardTitle>Terms and Conditions</CardTitle>
          <Text>
            By using {PRODUCT_NAME} you agree to keep your account details accurate, to protect your password and
            transaction PIN, and to use your wallets for lawful payments only.
          </Text>
        </Card>
        <Card>
          <CardTitle>Follow Us</CardTitle>
          <Text>News and updates from {PRODUCT_NAME}.</Text>
          <a href={SOCIAL_URL} target="_blank" rel="noopener noreferrer">Follow {PRODUCT_NAME} on X (opens in a new tab)</a>
        </Card>
        <Card>
          <CardTitle>Privacy Policy</CardTitle>
          <Text>How we collect, use and protect your data.</Text>
          <Link to={paths.privacyPolicy}>Read the Privacy Policy</Link>
        </Card>
        <HelpCenter />
      </Cards>
    </main>
  );
}
