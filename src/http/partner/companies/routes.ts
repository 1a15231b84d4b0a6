// Group D company operations (spec 4.D), registered by ../index.ts.
import { createCompanyRoute } from './create-company.js';
import { disableCompanyRoute } from './disable-company.js';
import { getCompanyRoute } from './get-company.js';
import { listCompaniesRoute } from './list-companies.js';
import { updateCompanyRoute } from './update-company.js';

export const partnerCompanyRoutes = [
  createCompanyRoute,
  listCompaniesRoute,
  getCompanyRoute,
  updateCompanyRoute,
  disableCompanyRoute,
];
