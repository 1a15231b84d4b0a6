// An officer (director or owner) of a company: each one proves their identity before the company
// can take payments. Officers use the company status values (spec 3.5), less `banned`.

export const OFFICER_ROLES = ['director', 'owner'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];

export const OFFICER_STATUSES = [
  'pending_verification',
  'started_verification',
  'active',
  'rejected_with_retry_allowed',
] as const;
export type OfficerStatus = (typeof OFFICER_STATUSES)[number];

export type VerificationOutcome = 'pass' | 'fail';

export interface Officer {
  id: string;
  companyId: string;
  name: string;
  email: string;
  role: OfficerRole;
  status: OfficerStatus;
  createdAt: string;
  updatedAt: string;
}

export interface OfficerCreate {
  name: string;
  email: string;
  role: OfficerRole;
}

/** An officer as answered once, by the call that created it: with its verification link. */
export interface OfficerWithLink {
  officer: Officer;
  /** Absent when no verification is needed (the officer was created verified). */
  verificationUrl?: string;
}
