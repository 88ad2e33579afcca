import type { Database } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse, insertCourses } from '@coursepack/db/testing/insert-course';
import { insertDocuments } from '@coursepack/db/testing/insert-document';
import { insertDocumentPages } from '@coursepack/db/testing/insert-document-pages';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCourse } from './get-course';
import { getDocument } from './get-document';
import { getDocumentPageText } from './get-document-page-text';
import { listCatalogFacets } from './list-catalog-facets';
import { listCourseDocuments } from './list-course-documents';
import { COURSES_PER_PAGE, listCourses } from './list-courses';
import { listFeaturedCourses } from './list-featured-courses';
import { listRecentDocuments } from './list-recent-documents';

let testDb: TestDatabase;
let db: Kysely<Database>;
const ids = { algebra: 0, hidden: 0, notes: 0, exam: 0, draft: 0 };

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  const { north, lake, maths, physics } = await insertCatalogTaxonomy(db);

  ids.algebra = await insertCourse(db, {
    slug: 'linear-algebra',
    title: 'Linear Algebra',
    code: 'MATH 221',
    description: 'Vector spaces, matrices and eigenvalues.',
    subject_id: maths.id,
    institution_id: north.id,
  });
  // Thirteen more physics courses at Lakeside, to page through.
  await insertCourses(
    db,
    Array.from({ length: COURSES_PER_PAGE + 1 }, (_, index) => ({
      slug: `mechanics-${index}`,
      title: `Mechanics ${String(index).padStart(2, '0')}`,
      subject_id: physics.id,
      institution_id: lake.id,
    })),
  );
  ids.hidden = await insertCourse(db, {
    slug: 'secret-draft',
    title: 'Unpublished Topology',
    subject_id: maths.id,
    institution_id: north.id,
    published: false,
  });

  [ids.notes, ids.exam, ids.draft] = await insertDocuments(db, [
    {
      course_id: ids.algebra,
      slug: 'week-1-notes',
      title: 'Week 1 notes',
      page_count: 2,
      created_at: '2026-01-01T00:00:00Z',
    },
    {
      course_id: ids.algebra,
      slug: 'final-2025',
      title: 'Final exam 2025',
      kind: 'exam',
      page_count: 1,
      created_at: '2026-02-01T00:00:00Z',
    },
    {
      course_id: ids.algebra,
      slug: 'draft',
      title: 'Draft handout',
      published: false,
      created_at: '2026-03-01T00:00:00Z',
    },
  ]);
  await insertDocumentPages(db, ids.notes, [
    'Vectors and linear combinations.',
    'The Gram-Schmidt process turns any basis into an orthonormal basis.',
  ]);
  await insertDocumentPages(db, ids.exam, ['Compute the determinant of the matrix.']);
  await insertDocumentPages(db, ids.draft, ['Gram-Schmidt draft that must stay hidden.']);
});

afterAll(() => testDb.destroy());

describe('catalogue queries', () => {
  it('lists only published courses, filtered by subject and institution', async () => {
    const all = await listCourses(db, { page: 1 });
    expect(all.total).toBe(COURSES_PER_PAGE + 2);
    expect(all.courses.map((c) => c.title)).not.toContain('Unpublished Topology');

    const maths = await listCourses(db, { page: 1, subject: 'mathematics' });
    expect(maths.courses.map((c) => c.title)).toEqual(['Linear Algebra']);
    const none = await listCourses(db, {
      page: 1,
      subject: 'mathematics',
      institution: 'lakeside',
    });
    expect(none.total).toBe(0);
  });

  it('pages through the catalogue in title order', async () => {
    const first = await listCourses(db, { page: 1 });
    const second = await listCourses(db, { page: 2 });
    expect(first.courses).toHaveLength(COURSES_PER_PAGE);
    expect(first.pageCount).toBe(2);
    expect(second.courses.map((c) => c.title)).toEqual(['Mechanics 11', 'Mechanics 12']);
    const titles = [...first.courses, ...second.courses].map((c) => c.title);
    expect(titles).toEqual([...titles].sort());
  });

  it('counts published courses per facet', async () => {
    const facets = await listCatalogFacets(db);
    expect(facets.subjects).toEqual([
      { slug: 'mathematics', name: 'Mathematics', courseCount: 1 },
      { slug: 'physics', name: 'Physics', courseCount: COURSES_PER_PAGE + 1 },
    ]);
  });

  it('features the courses with the most published documents', async () => {
    const [top] = await listFeaturedCourses(db, 3);
    expect(top?.title).toBe('Linear Algebra');
    expect(top?.documentCount).toBe(2);
  });

  it('lists recent documents newest first, without unpublished ones', async () => {
    const recent = await listRecentDocuments(db);
    expect(recent.map((d) => d.title)).toEqual(['Final exam 2025', 'Week 1 notes']);
  });

  it('groups a course’s documents by kind in the fixed kind order', async () => {
    const groups = await listCourseDocuments(db, ids.algebra);
    expect(groups.map((g) => [g.kind, g.documents.map((d) => d.title)])).toEqual([
      ['notes', ['Week 1 notes']],
      ['exam', ['Final exam 2025']],
    ]);
  });

  it('hides unpublished courses and documents from direct lookups', async () => {
    expect(await getCourse(db, ids.hidden)).toBeUndefined();
    expect(await getDocument(db, ids.draft)).toBeUndefined();
    const notes = await getDocument(db, ids.notes);
    expect(notes?.course.title).toBe('Linear Algebra');
    expect(await getDocumentPageText(db, ids.draft, 1)).toBeUndefined();
  });

  it('loads a document with its first page’s text only, and any other page by number', async () => {
    const notes = await getDocument(db, ids.notes);
    expect(notes?.firstPageText).toBe('Vectors and linear combinations.');
    expect(notes).not.toHaveProperty('pages');
    expect(await getDocumentPageText(db, ids.notes, 2)).toBe(
      'The Gram-Schmidt process turns any basis into an orthonormal basis.',
    );
    expect(await getDocumentPageText(db, ids.notes, 3)).toBeUndefined();
  });
});
