// Group D's form of a company's branding.
import { Type } from '@sinclair/typebox';

export const BrandingD = Type.Object({
  accentColour: Type.Union([Type.String(), Type.Null()], { description: '#rrggbb, or null' }),
  accentTextColour: Type.Union([Type.String(), Type.Null()], {
    description: 'the text colour used on the accent (#ffffff or #000000, whichever contrasts more)',
  }),
  logoUrl: Type.Union([Type.String(), Type.Null()], { description: 'public address of the logo' }),
  logo: Type.Union([Type.Object({ contentType: Type.String(), size: Type.Integer() }), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
