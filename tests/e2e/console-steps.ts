import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { cli } from './operator';
import { signInByApi, userIdOf } from './session';

/** Steps the console's journeys share: an operator signed in with a role, texts typed in four languages. */

export const LANGUAGES = ['English', 'Simplified Chinese', 'Traditional Chinese', 'French'] as const;

/** Signs the page in as a new member holding `role` on `scope`; their member id. */
export async function signInAs(page: Page, role: 'admin' | 'staff', scope: string): Promise<string> {
  await signInByApi(page);
  const id = await userIdOf(page);
  cli('scripts/admin.ts', ['user:role', '--user', id, '--role', role, '--scope', scope]);
  return id;
}

/** Types a text in every language of a form's group (`Title`, `Rules`), the language's name after it. */
export async function fillTexts(page: Page, legend: string, text: string) {
  const group = page.getByRole('group', { name: legend, exact: true });
  for (const l of LANGUAGES) await group.getByLabel(l, { exact: true }).fill(`${text} (${l})`);
  await expect(group.getByText(/Missing translation/)).toHaveCount(0);
}

/** Names a prize or card in every language. */
export async function fillNames(box: Locator, name: string) {
  for (const l of LANGUAGES) await box.getByLabel(`Name (${l})`).fill(`${name} ${l}`);
}

/** A `datetime-local` value of an instant, in the browser's zone (the operator's). */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The id of the campaign whose form the page shows (`/admin/campaigns/<id>`). */
export const formId = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());
