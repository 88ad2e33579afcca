import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_OWNER } from '../../scripts/seed/create-demo-owner';

/** A new page of `context`, signed in through the form as the seeded course owner, on the home page. */
export async function signInAsDemoOwner(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}
