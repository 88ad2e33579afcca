import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_OWNER } from '../../scripts/seed/create-demo-owner';

/** A new page of `context`, signed in through the form as `member`, on the home page. */
export async function signIn(
  context: BrowserContext,
  baseUrl: string,
  member: { email: string; password: string },
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** Signed in as the seeded course owner. */
export function signInAsDemoOwner(context: BrowserContext, baseUrl: string): Promise<Page> {
  return signIn(context, baseUrl, DEMO_OWNER);
}
