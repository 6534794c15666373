import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The operator commands (lottery:admin, admin) run against the journeys' server database
 * (E2E_DATA_DIR, set once by playwright.config.ts), to set up campaigns, codes and roles.
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const env = { ...process.env, DATABASE_URL: `file:${path.join(DATA_DIR, 'e2e.sqlite')}`, LOG_LEVEL: 'silent' };

export const cli = (script: string, args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { env, encoding: 'utf8' });

/** The same text in the four languages. */
export const texts = (en: string) => ({ en, 'zh-CN': en, 'zh-TW': en, fr: en });

/** `lottery:admin <command>` with a JSON input file; its printed JSON result. */
export function lotteryAdmin(command: 'create' | 'update' | 'codes', input: unknown): Record<string, unknown> {
  const file = path.join(DATA_DIR, `${command}-${Date.now()}-${Math.random()}.json`);
  fs.writeFileSync(file, JSON.stringify(input));
  return JSON.parse(cli('scripts/lottery-admin.ts', [command, file]));
}
