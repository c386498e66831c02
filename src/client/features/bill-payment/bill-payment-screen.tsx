import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as M from '../../../shared/messages';
import { useErrorToast } from '../../api/use-error-toast';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useWallet } from '../../app/use-wallet';
import { BalanceCard, FormError, PageHeader, Stack } from '../../ui';
import { categoryOf, categoryTexts } from './bill-categories';
import { BillForm } from './bill-form';
import { billPaymentReset, selectPayee } from './bill-payment-slice';
import { PayeeSearch } from './payee-search';

/** /bill-payment?category=school|electricity|bills: find a payee, then pay it from the CAD wallet (spec §2, §4). */
export default function BillPaymentScreen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const category = categoryOf(params.get('category'));
  const texts = categoryTexts(category);
  const { wallet, isError, error } = useWallet('CAD');
  useErrorToast(error, M.bills.walletFetchFailed);
  const payee = useAppSelector(selectPayee);

  // Another category, or leaving the screen, starts from the search again.
  useEffect(() => () => void dispatch(billPaymentReset()), [category, dispatch]);

  return (
    <main>
      <Stack gap="lg">
        <Stack gap="sm">
          <BalanceCard currency="CAD" balance={wallet?.balance} title="CAD Balance" />
          {isError && <FormError>{M.bills.balanceLoadFailed}</FormError>}
        </Stack>
        <PageHeader title={texts.title} />
        {payee ? <BillForm payee={payee} balance={wallet?.balance} /> : <PayeeSearch category={category} texts={texts} />}
      </Stack>
    </main>
  );
}
