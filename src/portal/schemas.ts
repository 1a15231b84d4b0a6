// Form bodies and the OpenAPI description shared by the portal's routes.
import { type TProperties, Type } from '@sinclair/typebox';

export const TAGS = ['portal'];
export const FORM = ['application/x-www-form-urlencoded'];

/** A form body: its fields plus the CSRF token (checked by the CSRF hook, not by the schema). */
export const Form = <T extends TProperties>(fields: T) =>
  Type.Object({ ...fields, _csrf: Type.Optional(Type.String({ maxLength: 200 })) });

export const HTML = { description: 'HTML page', content: { 'text/html': { schema: Type.String() } } };
export const SEE_OTHER = { description: 'to the next page' };
