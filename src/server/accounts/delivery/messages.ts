import { htmlLang, type Locale } from '../../../shared/i18n';
import { translate } from '../../i18n/catalogues';
import type { OutgoingCode, PurposeName } from './types';

/**
 * The words of a verification message come from the `delivery` catalogue, per purpose and
 * language. The SMS is one short sentence group (fits in a few segments); the e-mail has the same
 * content with a greeting and a note for people who did not ask for a code. Only the code (six
 * digits) and the minutes vary, so nothing user-controlled reaches the HTML.
 */
export interface RenderedMessage {
  sms: string;
  subject: string;
  text: string;
  html: string;
}

const t = (locale: Locale, key: string, params?: Record<string, string | number>) => translate(locale, 'delivery', key, params);

/** What the code is for; some purposes say "phone number" or "e-mail address" by channel. */
function why(locale: Locale, purpose: PurposeName, channel: OutgoingCode['channel']): string {
  const byChannel = translate(locale, 'delivery', `why.${purpose}.${channel}`);
  return byChannel === `why.${purpose}.${channel}` ? t(locale, `why.${purpose}`) : byChannel;
}

/**
 * The notice to the owner of a number or address someone tried to register again: the answer to
 * the asker is the same as for a new one, so only the owner learns that the account exists.
 */
function renderNotice(msg: OutgoingCode): RenderedMessage {
  const { locale } = msg;
  const k = (key: string, params?: Record<string, string | number>) => t(locale, `alreadyRegistered.${key}`, params);
  const lead = k(`lead.${msg.channel}`);
  const [advice, ignore] = [k('advice'), k('ignore')];
  const [greeting, signature] = [t(locale, 'greeting'), t(locale, 'signature')];
  const text = [greeting, '', lead, '', advice, '', ignore, '', signature, ''].join('\n');
  const html = `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;color:#222;line-height:1.5">
<p>${greeting}</p>
<p>${lead}</p>
<p>${advice}</p>
<p style="color:#666">${ignore}</p>
<p>${signature}</p>
</body></html>`;
  return { sms: k('sms', { lead }), subject: k('subject'), text, html };
}

export function renderMessage(msg: OutgoingCode): RenderedMessage {
  if (msg.purpose === 'alreadyRegistered') return renderNotice(msg);
  const { locale } = msg;
  const kind = msg.purpose === 'quick' ? 'quick' : 'other';
  const reason = why(locale, msg.purpose, msg.channel);
  const lead = t(locale, `lead.${kind}`, { why: reason });
  // The code is checked to be digits by the caller; keep only digits anyway so the HTML can never
  // carry markup even if that changes.
  const code = msg.code.replace(/\D/g, '');
  const minutes = t(locale, 'minutes', { count: msg.expiresInMinutes });
  const expires = t(locale, 'expires', { minutes });
  const [greeting, neverShare, notYou, signature, colon] = ['greeting', 'neverShare', 'notYou', 'signature', 'colon'].map((k) =>
    t(locale, k),
  );
  const text = [greeting, '', `${lead}${colon}`, '', `    ${code}`, '', `${expires} ${neverShare}`, '', notYou, '', signature, ''].join(
    '\n',
  );
  // The sentences are ours (no markup characters but apostrophes), so they go in as they are.
  const html = `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;color:#222;line-height:1.5">
<p>${greeting}</p>
<p>${lead}${colon}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>${expires} ${neverShare}</p>
<p style="color:#666">${notYou}</p>
<p>${signature}</p>
</body></html>`;
  return { sms: t(locale, 'sms', { lead, code, minutes }), subject: t(locale, `subject.${kind}`, { why: reason }), text, html };
}
