import { htmlLang, type Locale } from '../../../shared/i18n';
import type { OutgoingCode, PurposeName } from './types';

/**
 * The words of a verification message, per purpose and language. The SMS is one short sentence
 * group (fits in a few segments); the e-mail has the same content with a greeting and a note for
 * people who did not ask for a code. Only the code (six digits) and the minutes vary, so nothing
 * user-controlled reaches the HTML.
 */
type Channel = OutgoingCode['channel'];
/** What the code is for; a pair when the wording depends on the channel (phone number vs e-mail). */
type Why = string | Record<Channel, string>;

interface Wording {
  why: Record<PurposeName, Why>;
  /** Sentence start up to the code: "Your code to reset your password is". */
  lead(purpose: PurposeName, why: string): string;
  subject(purpose: PurposeName, why: string): string;
  sms(lead: string, code: string, minutes: number): string;
  greeting: string;
  expires(minutes: number): string;
  neverShare: string;
  notYou: string;
  signature: string;
  /** Punctuation between the lead and the code set on its own line. */
  colon: string;
}

const en: Wording = {
  why: {
    register: 'to create your account',
    reset: 'to reset your password',
    cancel: 'to cancel your account',
    bind: { sms: 'to link this phone number to your account', email: 'to link this email address to your account' },
    unbind: { sms: 'to unlink this phone number from your account', email: 'to unlink this email address from your account' },
    bindVerify: {
      sms: 'to confirm it is you before changing the phone number of your account',
      email: 'to confirm it is you before changing the email address of your account',
    },
    quick: 'to sign in',
  },
  lead: (p, why) => (p === 'quick' ? 'Your sign-in code is' : `Your code ${why} is`),
  subject: (p, why) => (p === 'quick' ? 'Your Creality Cloud sign-in code' : `Your Creality Cloud code ${why}`),
  sms: (lead, code, m) => `[Creality Cloud] ${lead} ${code}. It expires in ${enMinutes(m)}. Never share it.`,
  greeting: 'Hello,',
  expires: (m) => `It expires in ${enMinutes(m)}.`,
  neverShare: 'Never share it with anyone: Creality Cloud staff will never ask you for it.',
  notYou: 'If you did not ask for this code, you can ignore this email; nothing changes on your account.',
  signature: '— Creality Cloud',
  colon: ':',
};

const zhCN: Wording = {
  why: {
    register: '注册账号',
    reset: '重置密码',
    cancel: '注销账号',
    bind: { sms: '绑定手机号', email: '绑定邮箱' },
    unbind: { sms: '解绑手机号', email: '解绑邮箱' },
    bindVerify: { sms: '验证身份以更换绑定的手机号', email: '验证身份以更换绑定的邮箱' },
    quick: '登录',
  },
  lead: (p, why) => (p === 'quick' ? '您的登录验证码为' : `您正在${why}，验证码为`),
  subject: (_p, why) => `创想云验证码：${why}`,
  sms: (lead, code, m) => `【创想云】${lead}${code}，${m}分钟内有效。请勿泄露给任何人。`,
  greeting: '您好：',
  expires: (m) => `验证码${m}分钟内有效。`,
  neverShare: '请勿将验证码告诉任何人，创想云工作人员不会向您索取验证码。',
  notYou: '如果这不是您本人的操作，请忽略本邮件，您的账号不会有任何变化。',
  signature: '—— 创想云',
  colon: '：',
};

const zhTW: Wording = {
  why: {
    register: '註冊帳號',
    reset: '重設密碼',
    cancel: '註銷帳號',
    bind: { sms: '綁定手機號碼', email: '綁定電子郵件地址' },
    unbind: { sms: '解除綁定手機號碼', email: '解除綁定電子郵件地址' },
    bindVerify: { sms: '驗證身分以更換綁定的手機號碼', email: '驗證身分以更換綁定的電子郵件地址' },
    quick: '登入',
  },
  lead: (p, why) => (p === 'quick' ? '您的登入驗證碼為' : `您正在${why}，驗證碼為`),
  subject: (_p, why) => `創想雲驗證碼：${why}`,
  sms: (lead, code, m) => `【創想雲】${lead}${code}，${m}分鐘內有效。請勿將驗證碼提供給任何人。`,
  greeting: '您好：',
  expires: (m) => `驗證碼${m}分鐘內有效。`,
  neverShare: '請勿將驗證碼提供給任何人，創想雲工作人員絕不會向您索取驗證碼。',
  notYou: '如果這不是您本人的操作，請忽略這封郵件，您的帳號不會有任何變更。',
  signature: '—— 創想雲',
  colon: '：',
};

// French puts a narrow no-break space (\u202f) before ":" and ";", so they never wrap onto a line alone.
const fr: Wording = {
  why: {
    register: 'pour créer votre compte',
    reset: 'pour réinitialiser votre mot de passe',
    cancel: 'pour supprimer votre compte',
    bind: { sms: 'pour associer ce numéro de téléphone à votre compte', email: 'pour associer cette adresse e-mail à votre compte' },
    unbind: { sms: 'pour dissocier ce numéro de téléphone de votre compte', email: 'pour dissocier cette adresse e-mail de votre compte' },
    bindVerify: {
      sms: 'pour confirmer votre identité avant de changer le numéro de téléphone de votre compte',
      email: "pour confirmer votre identité avant de changer l'adresse e-mail de votre compte",
    },
    quick: 'pour vous connecter',
  },
  lead: (p, why) => (p === 'quick' ? 'Votre code de connexion est' : `Votre code ${why} est`),
  subject: (p, why) => (p === 'quick' ? 'Votre code de connexion Creality Cloud' : `Votre code Creality Cloud ${why}`),
  sms: (lead, code, m) => `[Creality Cloud] ${lead} ${code}. Il expire dans ${frMinutes(m)}. Ne le communiquez à personne.`,
  greeting: 'Bonjour,',
  expires: (m) => `Il expire dans ${frMinutes(m)}.`,
  neverShare: 'Ne le communiquez à personne\u202f: l’équipe Creality Cloud ne vous le demandera jamais.',
  notYou: 'Si vous n’avez pas demandé ce code, ignorez cet e-mail\u202f; votre compte reste inchangé.',
  signature: '— Creality Cloud',
  colon: '\u202f:',
};

function enMinutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}
// In French, 0 and 1 take the singular.
function frMinutes(n: number): string {
  return n < 2 ? `${n} minute` : `${n} minutes`;
}

const WORDING: Record<Locale, Wording> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, fr };

export interface RenderedMessage {
  sms: string;
  subject: string;
  text: string;
  html: string;
}

export function renderMessage(msg: OutgoingCode): RenderedMessage {
  const w = WORDING[msg.locale];
  const entry = w.why[msg.purpose];
  const why = typeof entry === 'string' ? entry : entry[msg.channel];
  const lead = w.lead(msg.purpose, why);
  // The code is checked to be digits by the caller; keep only digits anyway so the HTML can never
  // carry markup even if that changes.
  const code = msg.code.replace(/\D/g, '');
  const minutes = msg.expiresInMinutes;
  const subject = w.subject(msg.purpose, why);
  const text = [
    w.greeting,
    '',
    `${lead}${w.colon}`,
    '',
    `    ${code}`,
    '',
    `${w.expires(minutes)} ${w.neverShare}`,
    '',
    w.notYou,
    '',
    w.signature,
    '',
  ].join('\n');
  // The sentences are ours (no markup characters but apostrophes), so they go in as they are.
  const html = `<!doctype html><html lang="${htmlLang(msg.locale)}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;color:#222;line-height:1.5">
<p>${w.greeting}</p>
<p>${lead}${w.colon}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>${w.expires(minutes)} ${w.neverShare}</p>
<p style="color:#666">${w.notYou}</p>
<p>${w.signature}</p>
</body></html>`;
  return { sms: w.sms(lead, code, minutes), subject, text, html };
}
