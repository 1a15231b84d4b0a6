// Every periodic job of the service. A module that owns a job adds it here.
import type { Job } from './job.js';

export const jobs: Job[] = [];
