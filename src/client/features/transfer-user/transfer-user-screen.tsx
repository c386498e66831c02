import { PRODUCT_NAME } from '../../../shared/product';
import type { Currency } from '../../../shared/types';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectTab, tabSelected } from '../../app/ui-slice';
import { PageHeader, Tabs } from '../../ui';
import { UserTransferForm } from './user-transfer-form';

/** ui-slice key of the selected currency tab. */
const TAB_ID = 'transfer-user';

const tabs = [
  { value: 'CAD', label: 'CAD' },
  { value: 'NGN', label: 'NGN' },
] as const;

/** /transfer-kudi: send CAD or NGN to another user of the product by email (spec §2). */
export default function TransferUserScreen() {
  const dispatch = useAppDispatch();
  const currency: Currency = useAppSelector((state) => selectTab(state, TAB_ID, 'CAD')) === 'NGN' ? 'NGN' : 'CAD';

  return (
    <main>
      <PageHeader title={`Send to a ${PRODUCT_NAME} user`} subtitle={`Send money to anyone with a ${PRODUCT_NAME} account`} />
      <Tabs label="Currency" tabs={tabs} value={currency} onChange={(tab) => dispatch(tabSelected({ id: TAB_ID, tab }))}>
        <UserTransferForm currency={currency} />
      </Tabs>
    </main>
  );
}
