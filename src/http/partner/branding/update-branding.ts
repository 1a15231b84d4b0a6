// Set company branding (group D): the accent colour; the logo is uploaded on its own route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ACCENT_PATTERN, checkAccentColour } from '../../../domain/branding/accent-colour.js';
import { setAccentColour } from '../../../domain/branding/branding.service.js';
import { companyOf } from '../../company-scope.js';
import { CompanyParams, errors } from '../../schemas.js';
import { BrandingD } from './branding-view.js';

export const updateBrandingRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/companies/:companyId/branding',
    {
      schema: {
        summary: 'Set company branding',
        description:
          "`accentColour`: `#rrggbb` (any case; stored lower case), or null for the pages' own colour. Text on it is white or black, whichever contrasts more (at least 4.5:1 for any colour). The logo: `PUT .../branding/logo`.",
        tags: ['partner'],
        params: CompanyParams,
        body: Type.Object({
          accentColour: Type.Union([Type.String({ pattern: ACCENT_PATTERN }), Type.Null()]),
        }),
        response: {
          200: Type.Object({ saved: Type.Boolean(), result: BrandingD }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { accentColour } = request.body;
      const colour = accentColour === null ? null : checkAccentColour('/accentColour', accentColour);
      return { saved: true, result: await setAccentColour(app.deps, companyOf(request).id, colour) };
    },
  );
};
