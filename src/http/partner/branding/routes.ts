// Group D company branding (issue 17), registered by ../index.ts.
import { deleteLogoRoute } from './delete-logo.js';
import { getBrandingRoute } from './get-branding.js';
import { updateBrandingRoute } from './update-branding.js';
import { uploadLogoRoute } from './upload-logo.js';

export const partnerBrandingRoutes = [
  getBrandingRoute,
  updateBrandingRoute,
  uploadLogoRoute,
  deleteLogoRoute,
];
