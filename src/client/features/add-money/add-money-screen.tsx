import * as M from '../../../shared/messages';
import type { Currency } from '../../../shared/types';
import { tabIds } from '../../app/dialog-ids';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectTab, tabSelected } from '../../app/ui-slice';
import { PageHeader, Tabs } from '../../ui';
import { CadDeposit } from './cad-deposit';
import { NairaDeposit } from './naira-deposit';

const tabs = [
  { value: 'CAD', label: 'CAD' },
  { value: 'NGN', label: 'NGN' },
] as const;

/** /add-money: the deposit details of each wallet, one tab per currency (spec §2). */
export default function AddMoneyScreen() {
  const dispatch = useAppDispatch();
  const currency: Currency = useAppSelector((state) => selectTab(state, tabIds.addMoney, 'CAD')) === 'NGN' ? 'NGN' : 'CAD';

  return (
    <main>
      <PageHeader title={M.addMoney.title(currency)} />
      <Tabs label="Currency" tabs={tabs} value={currency} onChange={(tab) => dispatch(tabSelected({ id: tabIds.addMoney, tab }))}>
        {currency === 'CAD' ? <CadDeposit /> : <NairaDeposit />}
      </Tabs>
    </main>
  );
}
