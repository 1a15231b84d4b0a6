// The portal's branding form (issue 17 item 2): the same service calls as group D's routes, for a
// company of the signed-in person's partner (another partner's is a 404), each change audited.
import type { Deps } from '../../context.js';
import { recordAudit } from '../portal/audit.js';
import { portalCompany } from '../portal/portal-companies.service.js';
import type { PortalUser } from '../portal/portal-user.js';
import { checkAccentColour } from './accent-colour.js';
import type { Branding } from './branding.js';
import { removeLogo, setAccentColour, setLogo } from './branding.service.js';

export interface BrandingForm {
  /** '' clears the colour. */
  accentColour: string;
  /** A new logo's bytes, if one was chosen. */
  logo: Buffer | undefined;
  removeLogo: boolean;
}

export async function saveBrandingForm(
  deps: Deps,
  user: PortalUser,
  companyId: string,
  form: BrandingForm,
  ip: string,
): Promise<Branding> {
  const company = await portalCompany(deps, user, companyId);
  const colour =
    form.accentColour.trim() === '' ? null : checkAccentColour('/accentColour', form.accentColour.trim());
  // The logo first: a refused image leaves the colour as it was too.
  if (form.logo) await setLogo(deps, company.id, '/file', form.logo);
  else if (form.removeLogo) await removeLogo(deps, company.id);
  const branding = await setAccentColour(deps, company.id, colour);
  await recordAudit(deps.db, deps.clock.now(), {
    partnerId: user.partnerId,
    actor: user.email,
    action: 'branding_saved',
    target: `${company.name}: colour ${colour ?? 'default'}, logo ${form.logo ? 'new' : form.removeLogo ? 'removed' : 'kept'}`,
    ip,
  });
  return branding;
}
