/** Bill payment (spec §7, /bills). Field names are PascalCase as the spec spells them. */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { Amount, BillCategory, Code, MoneyInput, Name, Ok, Text, responses, type EndpointSchema } from './common';

export const Payee = Type.Object({ PayeeName: Type.String(), PayeeCode: Type.String() });

export const BillPaymentResult = Type.Object({
  Amount: Amount,
  TransactionNumber: Type.String(),
  Description: Type.String(),
  /** spec-next §A: the fee charged on top of the amount ('0.00' when none); always sent, optional as in transfers.ts. */
  fee: Type.Optional(Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$', description: "The fee charged on top of the amount, e.g. '0.00'" })),
});

export const billSchemas = {
  searchPayee: {
    // category (optional, not in spec §7's payload): the bill screen's ?category=; school and electricity
    // narrow the search to their billers, bills (Pay Bills, the general search) finds every biller.
    body: Type.Object({ name: Name, category: Type.Optional(BillCategory) }),
    response: responses(Ok(Type.Array(Payee))),
  },
  createBillPayment: {
    body: Type.Object({
      PayeeName: Name,
      PayeeCode: Code,
      Amount: MoneyInput,
      PayeeAccountNumber: Code,
      Description: Text,
    }),
    response: responses(
      Type.Object({ success: Type.Literal(true), message: Type.String(), data: BillPaymentResult }),
    ),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema>>;
