import { type Config, ConfigError } from './config';

/**
 * Refuses settings that are only for development when NODE_ENV=production. Domains add their
 * checks here (development SMS/e-mail outboxes, test payment providers…).
 */
export function assertProductionSafe(config: Config): void {
  if (!config.isProduction) return;
  const problems: string[] = [];
  if (config.PUBLIC_URL?.startsWith('http://') && !/^http:\/\/(localhost|127\.0\.0\.1)/.test(config.PUBLIC_URL)) {
    problems.push('PUBLIC_URL: must be https:// in production');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration for production:\n  ${problems.join('\n  ')}`);
}
