// How the sandbox bank answers a customer's domestic payments: the statuses real UK banks give, each
// held for a while of the (sandbox) clock before the next (API.md 9.1).

export const PENDING = 'Pending';
export const WITHOUT_POSTING = 'AcceptedWithoutPosting';
export const IN_PROCESS = 'AcceptedSettlementInProcess';
export const COMPLETED = 'AcceptedSettlementCompleted';
export const CREDIT_COMPLETED = 'AcceptedCreditSettlementCompleted';
export const REJECTED = 'Rejected';

/** Statuses the bank has not decided from yet. */
export const OPEN_STATUSES = [PENDING, WITHOUT_POSTING, IN_PROCESS] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];
export type SettledStatus = typeof COMPLETED | typeof CREDIT_COMPLETED | typeof REJECTED;

export const PAYMENT_BEHAVIOURS = ['settles', 'credit-settles', 'pending-first', 'rejects-late'] as const;
export type PaymentBehaviour = (typeof PAYMENT_BEHAVIOURS)[number];

interface Script {
  /** Open statuses in order; the first is the answer to the payment POST. */
  path: { status: OpenStatus; heldMs: number }[];
  /** What the last open status ends in once held: the money moves (or funds are short), or not. */
  end:
    | { kind: 'settle'; as: typeof COMPLETED | typeof CREDIT_COMPLETED }
    | { kind: 'reject'; reason: string };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SCRIPTS: Record<PaymentBehaviour, Script> = {
  settles: { path: [{ status: IN_PROCESS, heldMs: 0 }], end: { kind: 'settle', as: COMPLETED } },
  'credit-settles': {
    path: [{ status: IN_PROCESS, heldMs: 0 }],
    end: { kind: 'settle', as: CREDIT_COMPLETED },
  },
  'pending-first': {
    path: [
      { status: PENDING, heldMs: 10 * MINUTE },
      { status: WITHOUT_POSTING, heldMs: HOUR },
    ],
    end: { kind: 'settle', as: COMPLETED },
  },
  'rejects-late': {
    path: [
      { status: IN_PROCESS, heldMs: 10 * MINUTE },
      { status: WITHOUT_POSTING, heldMs: HOUR },
    ],
    end: { kind: 'reject', reason: 'Rejected by the receiving bank after acceptance' },
  },
};

export const isOpen = (status: string): status is OpenStatus =>
  (OPEN_STATUSES as readonly string[]).includes(status);

/**
 * Where a payment of this behaviour stands `elapsedMs` after it entered `status`: the next open status
 * (with the time it entered it), the end when due, or nothing new.
 */
export function nextStep(
  behaviour: PaymentBehaviour,
  status: OpenStatus,
  enteredAt: number,
  now: number,
): { kind: 'move'; status: OpenStatus; at: number } | { kind: 'end'; end: Script['end'] } | undefined {
  const { path, end } = SCRIPTS[behaviour];
  let index = path.findIndex((step) => step.status === status);
  // A status outside this customer's path (the customer's behaviour changed) ends as the path does.
  if (index < 0) index = path.length - 1;
  let at = enteredAt;
  let current = index;
  while (at + (path[current]?.heldMs ?? 0) <= now) {
    at += path[current]?.heldMs ?? 0;
    if (current === path.length - 1) return { kind: 'end', end };
    current++;
  }
  const reached = path[current];
  return current === index || !reached ? undefined : { kind: 'move', status: reached.status, at };
}
