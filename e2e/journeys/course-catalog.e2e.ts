import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signIn, signInAsDemoOwner } from '../support/sign-in';
import { useRunningProduct } from '../support/use-running-product';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'catalog');
const CURATOR = {
  name: 'Ada Curator',
  email: 'curator@example.org',
  password: 'Quiet harbour lantern 42!',
};

const running = useRunningProduct(SCREENSHOTS, { env: { ADMIN_EMAILS: CURATOR.email } });

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The `/courses` institution filter's option for `name`, e.g. "Université Laval (2)". */
async function institutionFacet(page: Page, name: string): Promise<string | undefined> {
  await page.goto(`${running.product.baseUrl}/courses`);
  // Text content: on a phone the filters wait in a closed sheet, where nothing is rendered.
  const options = await page.locator('select[name="institution"] option').allTextContents();
  return options.find((option) => option.startsWith(`${name} (`));
}

describe('naming institutions and subjects', () => {
  it('a member names a new institution on /courses/new, picks a subject as they type, and a second spelling files under the same one', async () => {
    const base = running.product.baseUrl;
    const desktop = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signInAsDemoOwner(desktop, running.product.baseUrl);
    const errors = collectPageErrors(page);

    await page.goto(`${base}/courses/new`);
    await page.getByLabel('Title').fill('Glaciology');
    const subject = page.getByRole('combobox', { name: 'Subject' });
    await subject.pressSequentially('phys');
    await page.getByRole('option', { name: /^Physics/ }).waitFor();
    await expect(subject.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'subject-suggestions-desktop.png') });
    expect(await seriousViolations(page), 'new course, suggestions open').toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(subject.getAttribute('aria-activedescendant')).resolves.toMatch(/option-0$/);
    await page.keyboard.press('Enter');
    await expect(subject.inputValue()).resolves.toBe('Physics');
    await expect(page.url()).toBe(`${base}/courses/new`);

    // Nothing suggested holds "Laval": the member writes it out, and it is added.
    const institution = page.getByRole('combobox', { name: 'Institution' });
    await institution.pressSequentially('Université Laval');
    await page.getByRole('button', { name: 'Create course' }).click();
    await page.waitForURL(/\/courses\/\d+-glaciology$/);
    await expect(page.getByText('Université Laval').first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await desktop.close();

    // On a phone, another course: the name is suggested as typed without accents or capitals,
    // and even kept as typed it is the same institution.
    const phone = await running.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await signInAsDemoOwner(phone, running.product.baseUrl);
    await phonePage.goto(`${base}/courses/new`);
    await phonePage.getByLabel('Title').fill('Permafrost');
    await phonePage.getByRole('combobox', { name: 'Subject' }).fill('Physics');
    const phoneInstitution = phonePage.getByRole('combobox', { name: 'Institution' });
    await phoneInstitution.pressSequentially('  UNIVERSITE   laval');
    await phonePage.getByRole('option', { name: /^Université Laval/ }).waitFor();
    await phonePage.screenshot({
      path: path.join(SCREENSHOTS, 'institution-suggestions-phone.png'),
    });
    expect(await seriousViolations(phonePage), 'new course on a phone').toEqual([]);
    await phonePage.keyboard.press('Escape');
    await phonePage.getByRole('button', { name: 'Create course' }).click();
    await phonePage.waitForURL(/\/courses\/\d+-permafrost$/);
    await expect(institutionFacet(phonePage, 'Université Laval')).resolves.toBe(
      'Université Laval (2)',
    );

    // Not an admin: the catalogue page is refused.
    const refused = await phonePage.goto(`${base}/admin/catalog`);
    expect(refused?.status()).toBe(403);
    await phone.close();
  });

  it('an admin is refused a rename onto an existing name, and merges the two instead', async () => {
    const base = running.product.baseUrl;
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('Name').fill(CURATOR.name);
    await page.getByLabel('Email').fill(CURATOR.email);
    await page.getByLabel('Password').fill(CURATOR.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/`);

    await page.locator('summary', { hasText: 'Account menu for' }).click();
    await page.getByRole('link', { name: 'Institutions and subjects' }).click();
    await page.waitForURL(`${base}/admin/catalog`);
    const row = page.locator('li').filter({ has: page.getByLabel('Rename Université Laval') });
    await row.getByLabel(/^Rename/).fill('northbridge   UNIVERSITY');
    await row.getByRole('button', { name: 'Rename' }).click();
    await row
      .getByText(
        'There is already an institution called "Northbridge University". Merge the two instead, so their courses are filed together.',
      )
      .waitFor();
    // The merge is offered: its target is already chosen.
    const into = row.getByLabel(/^Merge into/);
    await expect(into.locator('option:checked').innerText()).resolves.toBe(
      'Northbridge University',
    );
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'admin-catalog-desktop.png'),
      fullPage: true,
    });
    expect(await seriousViolations(page), 'catalogue, rename refused').toEqual([]);
    const before = await institutionFacet(await context.newPage(), 'Northbridge University');
    const count = Number(/\((\d+)\)/.exec(before ?? '')?.[1]);

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Merge' }).click();
    await page.getByLabel('Rename Université Laval').waitFor({ state: 'detached' });
    await expect(institutionFacet(page, 'Northbridge University')).resolves.toBe(
      `Northbridge University (${count + 2})`,
    );
    await expect(institutionFacet(page, 'Université Laval')).resolves.toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();

    const phone = await running.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await signIn(phone, base, CURATOR);
    await phonePage.goto(`${base}/admin/catalog`);
    await phonePage.locator('h1').waitFor();
    await phonePage.screenshot({
      path: path.join(SCREENSHOTS, 'admin-catalog-phone.png'),
      fullPage: true,
    });
    expect(await seriousViolations(phonePage), 'catalogue on a phone').toEqual([]);
    await phone.close();
  });
});
