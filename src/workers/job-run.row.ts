export interface JobRunTable {
  job_name: string;
  /** The due time (ISO) this row stands for; (job_name, due_at) is the primary key. */
  due_at: string;
  owner: string;
  /** How many times a process started this due time (more than 1 only after a failure or a crash). */
  attempts: number;
  lease_until: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
}
