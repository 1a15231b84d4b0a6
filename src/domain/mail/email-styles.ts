// The e-mails' CSS, written inline: mail clients (Gmail, Outlook) drop <style> blocks and external
// sheets, so every element carries its own style attribute. Kept here as a map the template reads,
// instead of an inliner run on every e-mail (juice pulls in a DOM parser; the e-mails are few and fixed).
// Values are constants or a checked '#rrggbb' colour, never merchant text.

const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif";
export const DEFAULT_ACCENT = '#0b5cad';

export function emailStyles(accent: string, onAccent: string) {
  return {
    body: `margin:0;padding:0;background:#f5f6f8;${FONT};color:#1a1a1a`,
    preheader: 'display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;color:#f5f6f8',
    outer: 'width:100%;background:#f5f6f8;padding:24px 0',
    card: 'width:100%;max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;border-collapse:separate',
    bar: `background:${accent};color:${onAccent};padding:16px 24px;border-radius:8px 8px 0 0;${FONT};font-size:16px;font-weight:bold`,
    logo: 'display:block;max-height:48px;max-width:200px;border:0;margin:0 0 8px',
    content: `padding:24px;${FONT};font-size:16px;line-height:1.5;color:#1a1a1a`,
    heading: `margin:0 0 12px;${FONT};font-size:22px;line-height:1.3;color:#1a1a1a`,
    amount: `margin:0 0 16px;${FONT};font-size:32px;font-weight:bold;color:#1a1a1a`,
    p: `margin:0 0 12px;${FONT};font-size:16px;line-height:1.5;color:#1a1a1a`,
    details: 'border-collapse:collapse;margin:4px 0 16px',
    label: `padding:4px 16px 4px 0;${FONT};font-size:15px;color:#555555;vertical-align:top`,
    value: `padding:4px 0;${FONT};font-size:15px;font-weight:bold;color:#1a1a1a;word-break:break-word`,
    button: `display:inline-block;background:${accent};color:${onAccent};${FONT};font-size:16px;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px`,
    link: `${FONT};font-size:13px;color:#555555;word-break:break-all`,
    footer: `padding:16px 24px 24px;border-top:1px solid #e3e6ea;${FONT};font-size:13px;line-height:1.5;color:#555555`,
    footerP: `margin:0 0 8px;${FONT};font-size:13px;line-height:1.5;color:#555555`,
  };
}
