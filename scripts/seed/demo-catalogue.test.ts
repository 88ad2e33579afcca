import { DOCUMENT_KINDS } from '@coursepack/db/schema';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './content/demo-catalogue';
import { countWords, formatPageText, parsePageMarkup } from './parse-page-markup';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const { institutions, subjects, courses } = demoCatalogue;
const documents = courses.flatMap((course) => course.documents);

describe('the demo catalogue', () => {
  it('is big enough to make the product look alive', () => {
    expect(institutions.length).toBeGreaterThanOrEqual(3);
    expect(subjects.length).toBeGreaterThanOrEqual(4);
    expect(courses.length).toBeGreaterThanOrEqual(8);
    expect(documents.length).toBeGreaterThanOrEqual(40);
    expect(new Set(courses.map((course) => course.subjectSlug)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(courses.map((course) => course.institutionSlug)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(documents.map((document) => document.kind))).toEqual(new Set(DOCUMENT_KINDS));
  });

  it('uses valid, unique slugs and known references', () => {
    const slugs = (items: readonly { slug: string }[]) => items.map((item) => item.slug);
    for (const list of [institutions, subjects, courses]) {
      for (const slug of slugs(list)) expect(slug).toMatch(SLUG);
      expect(new Set(slugs(list)).size).toBe(list.length);
    }
    const institutionSlugs = new Set(slugs(institutions));
    const subjectSlugs = new Set(slugs(subjects));
    for (const course of courses) {
      expect(course.slug.length).toBeLessThanOrEqual(80);
      expect(institutionSlugs.has(course.institutionSlug), course.slug).toBe(true);
      expect(subjectSlugs.has(course.subjectSlug), course.slug).toBe(true);
      expect(course.code.length).toBeLessThanOrEqual(40);
      for (const slug of slugs(course.documents)) {
        expect(slug).toMatch(SLUG);
        expect(slug.length).toBeLessThanOrEqual(80);
      }
      expect(new Set(slugs(course.documents)).size).toBe(course.documents.length);
    }
  });

  it('gives every course and document a title and a real description', () => {
    for (const item of [...courses, ...documents]) {
      expect(item.title.length, item.slug).toBeGreaterThan(3);
      expect(item.title.length, item.slug).toBeLessThanOrEqual(200);
      expect(countWords(item.description), item.slug).toBeGreaterThanOrEqual(12);
    }
  });

  it('writes 2-8 pages of 120-350 words per document, none repeated anywhere', () => {
    const seen = new Map<string, string>();
    for (const course of courses) {
      for (const document of course.documents) {
        const where = `${course.slug}/${document.slug}`;
        expect(document.pages.length, where).toBeGreaterThanOrEqual(2);
        expect(document.pages.length, where).toBeLessThanOrEqual(8);
        document.pages.forEach((markup, index) => {
          const text = formatPageText(parsePageMarkup(markup));
          const words = countWords(text);
          expect(words, `${where} page ${index + 1}`).toBeGreaterThanOrEqual(120);
          expect(words, `${where} page ${index + 1}`).toBeLessThanOrEqual(350);
          expect(seen.get(text), `${where} page ${index + 1}`).toBeUndefined();
          seen.set(text, where);
        });
      }
    }
  });

  it('repeats no paragraph across documents (no filler)', () => {
    const owner = new Map<string, string>();
    for (const course of courses) {
      for (const document of course.documents) {
        const where = `${course.slug}/${document.slug}`;
        for (const block of document.pages.flatMap(parsePageMarkup)) {
          if (block.kind === 'heading' || countWords(block.text) < 12) continue;
          const other = owner.get(block.text);
          expect(
            other === undefined || other === where,
            `"${block.text}" in ${where} and ${other}`,
          ).toBe(true);
          owner.set(block.text, where);
        }
      }
    }
  });

  it('needs no replacement characters when sanitized for the PDF fonts', () => {
    for (const document of documents) {
      for (const markup of document.pages) {
        const text = formatPageText(parsePageMarkup(markup));
        expect(text.split('?').length, document.slug).toBe(markup.split('?').length);
      }
    }
  });
});
