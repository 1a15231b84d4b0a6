// Request bodies of the Open Banking API, with the official field names and constraints
// (payment-initiation-openapi.json, account-info-openapi.json) for the subset the sandbox bank serves.
// Objects are closed as in the specification: an unknown field is answered UK.OBIE.Field.Unexpected.
import { type TSchema, Type } from '@sinclair/typebox';

const closed = { additionalProperties: false } as const;
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const DateTime = Type.String({ format: 'date-time' });
/** Parts of the request the sandbox bank accepts and keeps but does not act on. */
const Open = Type.Object({}, { additionalProperties: true });

const Amount = Type.Object(
  {
    Amount: Type.String({ pattern: '^\\d{1,13}$|^\\d{1,13}\\.\\d{1,5}$' }),
    Currency: Type.String({ pattern: '^[A-Z]{3,3}$' }),
  },
  closed,
);

const accountProps = {
  SchemeName: Type.String(),
  Identification: Text(256),
  SecondaryIdentification: Opt(Text(34)),
};
const CreditorAccount = Type.Object({ ...accountProps, Name: Text(350) }, closed);
const DebtorAccount = Type.Object({ ...accountProps, Name: Opt(Text(350)) }, closed);

const Risk = Type.Object(
  {
    PaymentContextCode: Opt(
      Type.Union(
        ['BillPayment', 'EcommerceGoods', 'EcommerceServices', 'Other', 'PartyToParty'].map((c) =>
          Type.Literal(c),
        ),
      ),
    ),
    MerchantCategoryCode: Opt(Type.String({ minLength: 3, maxLength: 4 })),
    MerchantCustomerIdentification: Opt(Text(70)),
    DeliveryAddress: Opt(Open),
  },
  closed,
);

const DomesticInitiation = Type.Object(
  {
    InstructionIdentification: Text(35),
    EndToEndIdentification: Text(35),
    LocalInstrument: Opt(Type.String()),
    InstructedAmount: Amount,
    DebtorAccount: Opt(DebtorAccount),
    CreditorAccount,
    CreditorPostalAddress: Opt(Open),
    RemittanceInformation: Opt(
      Type.Object({ Reference: Opt(Text(35)), Unstructured: Opt(Text(140)) }, closed),
    ),
    SupplementaryData: Opt(Open),
  },
  closed,
);

const ReadRefundAccount = Type.Union([Type.Literal('Yes'), Type.Literal('No')]);

export const DomesticConsentBody = Type.Object(
  {
    Data: Type.Object(
      {
        Initiation: DomesticInitiation,
        Authorisation: Opt(Open),
        SCASupportData: Opt(Open),
        ReadRefundAccount: Opt(ReadRefundAccount),
      },
      closed,
    ),
    Risk,
  },
  closed,
);

export const DomesticPaymentBody = Type.Object(
  { Data: Type.Object({ ConsentId: Text(128), Initiation: DomesticInitiation }, closed), Risk },
  closed,
);

const FREQUENCY =
  '^(EvryDay)$|^(EvryWorkgDay)$|^(IntrvlDay:((0[2-9])|([1-2][0-9])|3[0-1]))$|^(IntrvlWkDay:0[1-9]:0[1-7])$|^(WkInMnthDay:0[1-5]:0[1-7])$|^(IntrvlMnthDay:(0[1-6]|12|24):(-0[1-5]|0[1-9]|[12][0-9]|3[01]))$|^(QtrDay:(ENGLISH|SCOTTISH|RECEIVED))$';

const StandingOrderInitiation = Type.Object(
  {
    Frequency: Type.String({ pattern: FREQUENCY }),
    Reference: Opt(Text(35)),
    NumberOfPayments: Opt(Text(35)),
    FirstPaymentDateTime: DateTime,
    RecurringPaymentDateTime: Opt(DateTime),
    FinalPaymentDateTime: Opt(DateTime),
    FirstPaymentAmount: Amount,
    RecurringPaymentAmount: Opt(Amount),
    FinalPaymentAmount: Opt(Amount),
    DebtorAccount: Opt(DebtorAccount),
    CreditorAccount,
    SupplementaryData: Opt(Open),
  },
  closed,
);

export const StandingOrderConsentBody = Type.Object(
  {
    Data: Type.Object(
      {
        Permission: Type.Literal('Create'),
        Initiation: StandingOrderInitiation,
        Authorisation: Opt(Open),
        SCASupportData: Opt(Open),
        ReadRefundAccount: Opt(ReadRefundAccount),
      },
      closed,
    ),
    Risk,
  },
  closed,
);

export const StandingOrderBody = Type.Object(
  { Data: Type.Object({ ConsentId: Text(128), Initiation: StandingOrderInitiation }, closed), Risk },
  closed,
);

export const PERMISSIONS = [
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadBeneficiariesBasic',
  'ReadBeneficiariesDetail',
  'ReadDirectDebits',
  'ReadOffers',
  'ReadPAN',
  'ReadParty',
  'ReadPartyPSU',
  'ReadProducts',
  'ReadScheduledPaymentsBasic',
  'ReadScheduledPaymentsDetail',
  'ReadStandingOrdersBasic',
  'ReadStandingOrdersDetail',
  'ReadStatementsBasic',
  'ReadStatementsDetail',
  'ReadTransactionsBasic',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadTransactionsDetail',
] as const;

export const AccessConsentBody = Type.Object(
  {
    Data: Type.Object({
      Permissions: Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p))), { minItems: 1 }),
      ExpirationDateTime: Opt(DateTime),
      TransactionFromDateTime: Opt(DateTime),
      TransactionToDateTime: Opt(DateTime),
    }),
    Risk: Type.Object({}, closed),
  },
  closed,
);

export const ConsentParams = Type.Object({ ConsentId: Type.String({ minLength: 1, maxLength: 128 }) });
