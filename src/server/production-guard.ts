import { type Config, ConfigError } from './config';

/**
 * Refuses settings that are only for development when NODE_ENV=production. Domains add their
 * checks here (development SMS/e-mail outboxes, test payment providers…).
 */
export function assertProductionSafe(config: Config): void {
  if (!config.isProduction) return;
  const problems: string[] = [];
  // Without it, links and OAuth endpoints would follow each request's Host (http/hosts.ts): only
  // an instance that only this machine can reach (the local demo, benchmarks) may go without.
  if (!config.PUBLIC_URL && !isLoopback(config.HOST)) {
    problems.push(
      `PUBLIC_URL: required in production when listening beyond this machine (HOST=${config.HOST}), e.g. https://cloud.example.com`,
    );
  }
  if (config.PUBLIC_URL?.startsWith('http://') && !/^http:\/\/(localhost|127\.0\.0\.1)/.test(config.PUBLIC_URL)) {
    problems.push('PUBLIC_URL: must be https:// in production');
  }
  // The development outbox shows codes to anyone who can read the log or the page.
  if (config.delivery.sms === 'dev') problems.push('SMS_PROVIDER: the dev outbox is refused in production (use http)');
  if (config.delivery.email === 'dev') problems.push('EMAIL_PROVIDER: the dev outbox is refused in production (use smtp)');
  // Orders "paid" at the local stand-in were never paid.
  if (config.wechatPay.kind === 'dev') problems.push('WECHAT_PAY_PROVIDER: the dev stand-in is refused in production (use http)');
  if (problems.length) throw new ConfigError(`Invalid configuration for production:\n  ${problems.join('\n  ')}`);
}

/** An address only this machine can connect to. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
