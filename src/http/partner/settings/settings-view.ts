import { Type } from '@sinclair/typebox';
import { Nullable } from '../../schemas.js';

// A bare address or `Name <address>`, on one line (it becomes a mail header).
export const MAIL_ADDRESS =
  '^(?:[^\\r\\n<>@]*<[^\\s<>@]+@[^\\s<>@]+\\.[^\\s<>@]+>|[^\\s<>@]+@[^\\s<>@]+\\.[^\\s<>@]+)$';
const MailAddress = Type.String({ pattern: MAIL_ADDRESS, maxLength: 320 });

export const SettingsView = Type.Object({
  webhookUrl: Nullable(Type.String()),
  email: Type.Object({ fromAddress: Nullable(Type.String()), replyTo: Nullable(Type.String()) }),
});

export const SettingsBody = Type.Object(
  {
    webhookUrl: Type.Optional(
      Nullable(Type.String({ format: 'uri', maxLength: 2048, description: 'null removes it' })),
    ),
    email: Type.Optional(
      Type.Object(
        {
          fromAddress: Type.Optional(Nullable(MailAddress)),
          replyTo: Type.Optional(Nullable(MailAddress)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'Absent fields keep their value; null clears one.' },
);
