// The e-mail settings page's actions: the partner settings function of the API, and a test e-mail sent
// with those settings to the person asking, through the outbox. Both audited.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { recordEmail } from '../mail/outbox-mail.js';
import { getPartnerSettings, updatePartnerSettings } from '../partners/partner-settings.service.js';
import { recordAudit } from './audit.js';
import type { PortalUser } from './portal-user.js';

export async function saveEmailSettings(
  deps: Deps,
  user: PortalUser,
  email: { fromAddress: string | null; replyTo: string | null },
  ip: string,
): Promise<void> {
  await withTransaction(deps, async (tx) => {
    await updatePartnerSettings(tx, user.partnerId, { email });
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId: user.partnerId,
      actor: user.email,
      action: 'email_settings_saved',
      target: `from ${email.fromAddress ?? 'default'}, reply-to ${email.replyTo ?? 'none'}`,
      ip,
    });
  });
}

export async function sendTestEmail(deps: Deps, user: PortalUser, ip: string): Promise<void> {
  const { email } = await getPartnerSettings(deps, user.partnerId);
  await withTransaction(deps, async (tx) => {
    await recordEmail(tx.db, deps.clock.now(), {
      to: [user.email],
      subject: 'Test e-mail from your payment portal',
      text: [
        'Hello,',
        '',
        'This is a test e-mail, sent with the e-mail settings of your payment portal.',
        `Sender: ${email.fromAddress ?? 'the service default'}; reply-to: ${email.replyTo ?? 'none'}.`,
      ].join('\n'),
      ...(email.fromAddress ? { from: email.fromAddress } : {}),
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    });
    await recordAudit(tx.db, deps.clock.now(), {
      partnerId: user.partnerId,
      actor: user.email,
      action: 'test_email_sent',
      target: user.email,
      ip,
    });
  });
}
