import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../ui';
import { CurrencyChoices, sendPath } from './currency-choices';

/** /transfer: CAD goes to /transfer-cad, NGN to /transfer-naira (spec §2). */
export default function SelectCurrencyScreen() {
  const navigate = useNavigate();
  return (
    <main>
      <PageHeader title="Select Currency" />
      <CurrencyChoices headingLevel="h2" onChoose={(currency) => void navigate(sendPath[currency])} />
    </main>
  );
}
