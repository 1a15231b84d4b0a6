// The customer pages' words in English: one catalogue, the Welsh one (cy.ts) has the same keys and the
// typecheck fails when one is missing there. Values are plain text; the templates escape them.

export const en = {
  languageName: 'English',
  switchTo: 'Cymraeg',
  switchLabel: 'Newid i’r Gymraeg',
  // The payment page.
  payTitle: (merchant: string) => `Pay ${merchant}`,
  paymentLinkTitle: 'Payment link',
  paymentLinkInvalid: 'Payment link not valid',
  paymentLinkMissing:
    'This payment link does not exist or has been withdrawn. Please ask the merchant for a new one.',
  reference: 'Reference',
  forName: 'For',
  due: 'Due',
  overdue: (date: string) => `This payment is overdue: it was due on ${date}. You can still pay it now.`,
  lastAttemptRejected: 'Your last attempt was not completed and no money moved. You can try again.',
  chooseBankMobile: 'Choose your bank: its app or website opens to approve the payment.',
  chooseBank: 'Choose your bank. You approve the payment there; no card needed.',
  qrAlt: 'QR code of this payment link',
  payOnPhone: 'Pay on your phone',
  payOnPhoneHint:
    'Scan this code with your phone’s camera to pay in your banking app. This page updates when you have paid.',
  otherBank: 'Another bank (pay by bank transfer)',
  processing: 'Your bank is processing this payment. You can close this page.',
  cancelledRequest: 'This payment request has been cancelled. Nothing is due.',
  paidThanks: 'This payment has been made. Thank you.',
  paidByTransfer: 'Paid by bank transfer, straight from your bank account.',
  checkAgain: 'Check again',
  waitingForBank: 'Waiting for your payment. This page updates when it is made.',
  // The bank picker.
  searchBanks: 'Search for your bank',
  searchButton: 'Search',
  showAllBanks: 'Show all banks',
  noBankFound: (query: string) => `No bank matches “${query}”.`,
  unavailable: 'Unavailable right now',
  lastUsed: 'Last used',
  forgetBank: 'Forget my last bank',
  bankUnavailable: 'This bank is not available right now. Please choose another bank or try again later.',
  // Refusals of a link that cannot take payments now.
  merchantClosed:
    'This merchant cannot take payments at the moment, so this link cannot be paid. No money has moved.',
  accountClosed:
    'The account this merchant takes payments into cannot receive them at the moment, so this link cannot be paid. No money has moved.',
  linkNoLonger: 'This link does not take payments any more.',
  bankNotAnswering:
    'Your bank is not answering right now. Please try again in a moment, or choose another bank.',
  bankCouldNotPay: 'Your bank could not take this payment. Please try again.',
  // The transfer page.
  transferTitle: (merchant: string) => `Pay ${merchant} by bank transfer`,
  transferIntro: 'Send exactly this amount from your bank’s app or website to:',
  accountName: 'Name',
  sortCode: 'Sort code',
  accountNumber: 'Account number',
  transferNote: (merchant: string) =>
    `Use the reference exactly as shown, so that ${merchant} can match your payment.`,
  backToBanks: 'Back to choose a bank',
  // The refund page.
  refundTitle: 'Authorise a refund',
  refundFrom: (merchant: string) => `Refund from ${merchant}`,
  refundLinkInvalid: 'Refund link not valid',
  refundLinkMissing: 'This refund link does not exist.',
  payment: 'Payment',
  paid: 'Paid',
  to: 'To',
  refundChooseBank:
    'Choose the bank of your business account: you authorise the refund there, paid out of the account this payment was received into.',
  refundPaid: 'This refund has been paid.',
  refundProcessing: 'Your bank is processing this refund.',
  refundNotMade: 'This refund was not made. Start a new refund to try again.',
  // The result page.
  linkNotValid: 'Link not valid',
  noPaymentBehind: 'There is no payment behind this page.',
  answerNotOurs: 'This bank answer does not belong to any payment here.',
  answerIncomplete: 'Your bank did not send a complete answer.',
  paymentComplete: 'Payment complete',
  paymentCompleteText: 'Your payment has been made. Thank you.',
  paymentInProgress: 'Payment in progress',
  paymentSubmittedText: 'Your bank has accepted the payment and is sending it. You can close this page.',
  paymentCompletingText: 'Your payment is being completed with your bank.',
  paymentNotMade: 'Payment not made',
  paymentCancelled: 'Payment cancelled',
  paymentCancelledText:
    'You cancelled the payment at your bank, so no money has left your account. You can try again.',
  paymentBankDeclined: 'Payment not approved by your bank',
  paymentBankDeclinedText:
    'Your bank did not give the approval for this payment, so no money has left your account. You can try again, or choose another bank.',
  paymentNotApprovedText: 'The payment was not approved at your bank, so no money has left your account.',
  paymentVoidedText:
    'The payment request changed while you were at your bank, so nothing was taken. Please check the new details and try again.',
  paymentFailedText: 'The payment could not be completed; no money moved.',
  paymentExpiredText: 'The approval at your bank took too long and has expired; no money moved.',
  paymentNotCompletedText: 'The payment was not completed at your bank.',
  paymentRefused: 'Payment refused by your bank',
  paymentRefusedText:
    'You approved the payment, but your bank did not make it, for example because there was not enough money in the account. No money has left your account; you can try again.',
  paymentMismatch: 'Payment needs checking',
  paymentMismatchText:
    'Your bank made a payment that does not match this request, so it is not marked as paid. The merchant has been told and will sort it out with you.',
  refundComplete: 'Refund paid',
  refundCompleteText: 'The refund has left your account.',
  refundInProgress: 'Refund in progress',
  refundSubmittedText: 'Your bank has accepted the refund and is sending it.',
  refundNotMadeTitle: 'Refund not made',
  refundNotApprovedText: 'The refund was not approved at your bank; no money moved.',
  refundNotCompletedText: 'The refund was not completed; no money moved.',
  refundCancelledText: 'You cancelled the refund at your bank; no money moved.',
  refundRefused: 'Refund refused by your bank',
  refundRefusedText:
    'You approved the refund, but your bank did not make it, for example because there was not enough money in the account. No money has left your account.',
  refundMismatch: 'Refund needs checking',
  refundMismatchText:
    'Your bank made a payment that does not match this refund, so the refund is not marked as made. It has been recorded for you to sort out.',
  refundedTo: 'Refunded to',
  refundTo: 'Refund to',
  refundAccount: (name: string, sortCode: string, last4: string) =>
    `${name}, sort code ${sortCode}, account ending ${last4}`,
  refundBank: 'Paid from',
  paidTo: 'Paid to',
  payee: 'Payee',
  continueTo: (merchant: string) => `Continue to ${merchant}`,
  tryAgain: 'Try again',
  // The recurring pages.
  recurringTitle: (merchant: string) => `Regular payment to ${merchant}`,
  recurringLinkTitle: 'Regular payment link',
  recurringLinkMissing:
    'This regular payment link does not exist or has been withdrawn. Please ask the merchant for a new one.',
  recurringHeading: (merchant: string) => `Set up a regular payment to ${merchant}`,
  firstPayment: 'First payment',
  payments: 'Payments',
  lastPayment: 'Last payment',
  paidFirstToday: 'Paid first, today',
  paidMark: '(paid)',
  schedule: 'Schedule',
  andSoOn: 'and so on, until you cancel it',
  untilCancelled: 'until you cancel it',
  recurringLastRejected: 'Your last attempt was not completed and nothing was set up. You can try again.',
  recurringChooseBank: (merchant: string) =>
    `Choose your bank. You set up a standing order there, once; ${merchant} never sees your bank details.`,
  recurringSetUpThanks: 'Your regular payment is set up at your bank. Thank you.',
  recurringOverdue: (merchant: string) =>
    `The first payment date has passed. Please ask ${merchant} for a new link.`,
  recurringStopped: 'This regular payment request has been stopped. Nothing is due.',
  recurringCancelNote: 'You can cancel the standing order at your bank at any time.',
  recurringNoLonger: 'This link cannot be used to set up a regular payment any more.',
  recurringBankCould: 'Your bank could not set up this regular payment. Please try again.',
  noRecurringBehind: 'There is no regular payment behind this page.',
  recurringSetUp: 'Regular payment set up',
  recurringSetUpText: 'Your standing order is set up at your bank. Thank you.',
  recurringNotSetUp: 'Regular payment not set up',
  recurringVoidedText:
    'The request changed while you were at your bank, so nothing was set up and no money moved. Please check the new details and try again.',
  recurringRejectedText: 'It was not approved at your bank, so nothing was set up and no money moved.',
  recurringInitialFailedText: 'The first payment was not completed at your bank.',
  recurringOrderFailedText: 'Your bank did not complete the standing order. You can try again.',
  frequency: {
    one_week: 'every week',
    one_month: 'every month',
    three_months: 'every three months',
    one_year: 'every year',
  },
  itemStatus: { pending: 'due', paid: 'paid', missed: 'missed', cancelled: 'cancelled' },
  // Connecting a bank account.
  connectTitle: 'Connect a bank account',
  connectFor: (company: string) => `Connect a bank account for ${company}`,
  connectInvalid: 'This link is not valid. Ask for a new one.',
  connectUsed: 'This link has already been used. To connect an account, ask for a new link.',
  connectBankDown: 'Your bank is not answering right now. Please try again in a few minutes.',
  connectClosed:
    'A bank has already been chosen with this link. To connect another account, ask for a new link.',
  connectNoBanks: 'No bank can be connected on this installation yet.',
  connectChoose:
    'Choose your bank. You will sign in there and choose which accounts to share; we read only account details and transactions, to confirm the payments you receive.',
  connected: 'Bank account connected',
  notConnected: 'Bank account not connected',
  connectedText: 'Your bank account is connected.',
  renewedText: 'Access to your account has been renewed.',
  closePage: 'You can close this page.',
  account: 'Account',
  connectRejected: 'You did not give access at your bank, so nothing was connected. You can close this page.',
  // The officer's verification page.
  verificationTitle: 'Identity verification',
  verificationFor: (company: string) => `Identity verification for ${company}`,
  verificationInvalid: 'This verification link is not valid. Ask the company’s contact for a new one.',
  officerOf: (name: string, role: string, company: string) => `${name}, ${role} of ${company}.`,
  verificationClosed: 'Verification for this company is closed.',
  verified: 'Your identity is verified. There is nothing more to do.',
  verificationInProgress: 'Your identity check is in progress.',
  verificationFailed: 'Your identity check did not pass. You can try again.',
  verificationIntro: (company: string) =>
    `Before ${company} can take payments, each of its officers confirms their identity.`,
  sandboxNote: 'No identity-verification provider is involved: you decide the outcome of the check.',
  passVerification: 'Pass verification',
  failVerification: 'Fail verification',
  startVerification: 'Start verification',
  noVerifier: (partner: string) =>
    `Identity checks are carried out by an identity-verification provider, and none is connected to this installation yet. Please contact ${partner}.`,
  // The page the bank sends the customer back to.
  backFromBank: 'Back from your bank',
  readingAnswer: 'One moment, we are reading your bank’s answer.',
  answerNeedsScript:
    'This page needs JavaScript to pass your bank’s answer on. Turn it on and go back to your bank, or start again from the link you were given.',
  // The merchant's brand block (pages and e-mails); `{name}` is the merchant's name.
  brand: {
    logoAlt: '{name} logo',
    tradingAs: 'trading as',
    howHeading: 'How paying by bank works',
    howPayment:
      "You approve the payment in your own bank's app or website. Your bank sends the money straight to {name}'s account: we never hold your money and never see your bank login.",
    howRefund:
      "You authorise the refund at your own bank. It is paid from your business account straight to the customer's account: we never hold the money.",
    contactLead: 'Questions about this payment? Contact {name}',
    phone: 'Phone',
    email: 'Email',
  },
};

export type Messages = typeof en;
