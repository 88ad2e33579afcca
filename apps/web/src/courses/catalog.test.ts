import type { Database } from '@coursepack/db/schema';
import { insertCourseTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import { insertCourse } from '@coursepack/db/testing/insert-course';
import { createTestDatabase, type TestDatabase } from '@coursepack/db/testing/test-database';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@/auth/viewer';
import { listCatalogFacets } from '@/catalog/list-catalog-facets';
import { rejection } from '@/testing/rejection';
import { insertNewViewer, insertViewers, testViewer } from '@/testing/test-viewer';
import { createCourse } from './create-course';
import { findOrCreateCatalogEntry } from './find-or-create-catalog-entry';
import { getEditableCourse } from './get-editable-course';
import { listCatalogEntries } from './list-catalog-entries';
import { mergeCatalogEntries } from './merge-catalog-entries';
import { renameCatalogEntry } from './rename-catalog-entry';
import { suggestCatalogNames } from './suggest-catalog-names';
import { updateCourse } from './update-course';

/**
 * Institutions and subjects named freely by members, against a real PostgreSQL: one row per
 * name whatever its case, accents or spacing (migration 0021's key), created once even when two
 * members name it at the same moment, renamed and merged by admins only.
 */
let testDb: TestDatabase;
let db: Kysely<Database>;

let ids: { institution_id: number; subject_id: number };
const admin = testViewer('catalog-admin', 'admin');
const member = testViewer('catalog-member');

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await insertViewers(db, [admin, member]);
  ids = await insertCourseTaxonomy(db);
});

afterAll(() => testDb.destroy());

/** A course by a member of its own (each member may create only so many an hour). */
async function courseFiledUnder(
  institution: string,
  subject = 'Mathematics',
  title = 'A course',
): Promise<{ id: number; owner: Viewer }> {
  const owner = await insertNewViewer(db, 'teacher');
  const { id } = await createCourse(db, owner, { title, subject, institution });
  return { id, owner };
}

async function institutionOf(courseId: number) {
  return db
    .selectFrom('courses as c')
    .innerJoin('institutions as i', 'i.id', 'c.institution_id')
    .where('c.id', '=', courseId)
    .select(['i.id', 'i.name', 'i.slug'])
    .executeTakeFirstOrThrow();
}

async function rowsNamed(table: 'institutions' | 'subjects', name: string) {
  return db
    .selectFrom(table)
    .where('name_key', '=', sql<string>`catalog_name_key(${name})`)
    .select(['id', 'name'])
    .execute();
}

describe('naming an institution or subject', () => {
  it('files "Université Laval", "universite laval" and " UNIVERSITE  LAVAL " under one row, spelt as first typed', async () => {
    const first = await courseFiledUnder('Université Laval');
    const second = await courseFiledUnder('universite laval');
    const third = await courseFiledUnder(' UNIVERSITE \t LAVAL\n');
    const institution = await institutionOf(first.id);
    expect(institution).toMatchObject({ name: 'Université Laval', slug: 'universite-laval' });
    expect((await institutionOf(second.id)).id).toBe(institution.id);
    expect((await institutionOf(third.id)).id).toBe(institution.id);
    expect(await rowsNamed('institutions', 'UNIVERSITÉ LAVAL')).toHaveLength(1);
  });

  it('folds compatibility forms, other scripts and combining accents the same way', async () => {
    const pairs = [
      ['ＭＩＴ', 'mit'],
      ['Technische Universität München', 'TECHNISCHE UNIVERSITAT MUNCHEN'],
      ['Universität Straße', 'universitat strasse'],
      ['Московский университет', 'МОСКОВСКИЙ УНИВЕРСИТЕТ'],
      ['Politechnika Łódzka', 'politechnika lodzka'],
      ['Ecole Polytechnique', 'École Polytechnique'],
      ['École Normale', 'E\u0301cole normale'],
    ];
    for (const [typed, again] of pairs) {
      const id = await findOrCreateCatalogEntry(db, 'institutions', typed as string);
      expect(await findOrCreateCatalogEntry(db, 'institutions', again as string), again).toBe(id);
    }
  });

  it('keeps apart names that differ in more than case, accents and spacing', async () => {
    const c = await findOrCreateCatalogEntry(db, 'subjects', 'C');
    const cpp = await findOrCreateCatalogEntry(db, 'subjects', 'C++');
    expect(cpp).not.toBe(c);
    // Both slugify to "c": the second gets a suffix, so facet links tell them apart.
    const slugs = await db
      .selectFrom('subjects')
      .where('id', 'in', [c, cpp])
      .select('slug')
      .execute();
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(2);
    expect(slugs.map((row) => row.slug)).toContain('c');
  });

  it('still takes a listed slug, as API clients sent before names were free', async () => {
    const { id } = await courseFiledUnder('northbridge', 'mathematics');
    expect((await institutionOf(id)).name).toBe('Northbridge University');
    expect(await rowsNamed('institutions', 'northbridge')).toHaveLength(0);
  });

  it('creates one row when two members name a new institution at the same moment', async () => {
    // The first member's transaction has inserted "Massachusetts Institute of Technology" and
    // not yet committed when the second names it: the second must wait and then use that row.
    let second: Promise<number> | undefined;
    const first = await db.transaction().execute(async (trx) => {
      const id = await findOrCreateCatalogEntry(
        trx,
        'institutions',
        'Massachusetts Institute of Technology',
      );
      second = db
        .transaction()
        .execute((other) =>
          findOrCreateCatalogEntry(other, 'institutions', ' massachusetts institute of TECHNOLOGY'),
        );
      // Wait until the second is blocked on the first's uncommitted row.
      await expect
        .poll(
          async () =>
            (
              await sql<{ waiting: number }>`
                SELECT count(*)::int AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db)
            ).rows[0]?.waiting,
          { timeout: 10_000 },
        )
        .toBe(1);
      return id;
    });
    expect(await second).toBe(first);
    expect(await rowsNamed('institutions', 'Massachusetts Institute of Technology')).toHaveLength(
      1,
    );
  });

  it('creates one row when many courses name it at once, however each spells it', async () => {
    const spellings = [
      'Sorbonne Université',
      'sorbonne universite',
      'SORBONNE UNIVERSITÉ',
      ' Sorbonne  université ',
    ];
    const courses = await Promise.all(spellings.map((spelling) => courseFiledUnder(spelling)));
    const ids = await Promise.all(
      courses.map(async (course) => (await institutionOf(course.id)).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await rowsNamed('institutions', 'Sorbonne Université')).toHaveLength(1);
  });

  it('names a new subject on a course edit too', async () => {
    const { id, owner } = await courseFiledUnder('Northbridge University');
    await updateCourse(db, owner, { courseId: id, changes: { subject: '  Quantum   Computing ' } });
    expect((await getEditableCourse(db, owner, id)).subject).toBe('Quantum Computing');
  });

  it('deletes what a course leaves on an edit when no other course is filed under it', async () => {
    const { id, owner } = await courseFiledUnder('Univeristy of Lakeside', 'Glaciolgy');
    const shared = await courseFiledUnder('Lakeside Polytechnic');
    await updateCourse(db, owner, {
      courseId: id,
      changes: { institution: 'Lakeside Polytechnic', subject: 'Glaciology' },
    });
    expect(await rowsNamed('institutions', 'Univeristy of Lakeside')).toHaveLength(0);
    expect(await rowsNamed('subjects', 'Glaciolgy')).toHaveLength(0);
    await updateCourse(db, owner, { courseId: id, changes: { institution: 'Lakeside College' } });
    // Still the other course's institution: kept.
    expect((await institutionOf(shared.id)).name).toBe('Lakeside Polytechnic');
  });

  it('keeps an entry another course is being filed under at that moment, without waiting for it', async () => {
    const { id, owner } = await courseFiledUnder('Tidewater College');
    const tidewater = (await institutionOf(id)).id;
    const filedMeanwhile = await db.transaction().execute(async (trx) => {
      // Another member's course, being saved under Tidewater College, not yet committed.
      expect(await findOrCreateCatalogEntry(trx, 'institutions', 'tidewater college')).toBe(
        tidewater,
      );
      await updateCourse(db, owner, { courseId: id, changes: { institution: 'Tidewater Uni' } });
      return insertCourse(trx, {
        slug: 'tides',
        title: 'Tides',
        institution_id: tidewater,
        subject_id: ids.subject_id,
      });
    });
    expect((await institutionOf(filedMeanwhile)).name).toBe('Tidewater College');
  });

  it('refuses hostile names with a message a person understands, and stores nothing', async () => {
    const owner = await insertNewViewer(db, 'hostile');
    const refused = async (institution: string) => {
      const error = await rejection(
        createCourse(db, owner, { title: 'T', subject: 'Maths', institution }),
      );
      expect(error.status).toBe(400);
      return error.details;
    };
    const control = 'Institution contains invisible control characters; type the name again';
    expect(await refused('Evil\u0007 bell')).toEqual({ fields: { institution: control } });
    expect(await refused('a\u0000b')).toEqual({ fields: { institution: control } });
    expect(await refused('Harvard\u202Egnirts')).toEqual({ fields: { institution: control } });
    expect(await refused('\u2066Isolated\u2069')).toEqual({ fields: { institution: control } });
    expect(await refused('x'.repeat(121))).toEqual({
      fields: { institution: 'Institution must be at most 120 characters' },
    });
    expect(await refused('x'.repeat(1_000_000))).toEqual({
      fields: { institution: 'Institution must be at most 120 characters' },
    });
    expect(await refused(' -- ... ')).toEqual({
      fields: { institution: 'Institution must contain a letter or a digit' },
    });
    expect(await refused('\u00a0\u2003 ')).toEqual({
      fields: { institution: 'Choose an institution' },
    });
    const notText = await rejection(
      createCourse(db, owner, { title: 'T', subject: 'Maths', institution: 42 }),
    );
    expect(notText.details).toEqual({ fields: { institution: 'Choose an institution' } });
    expect(await rowsNamed('subjects', 'Maths')).toHaveLength(0);
  });

  it('stores markup and SQL in a name as typed (pages escape it)', async () => {
    const hostile = `<script>alert("x")</script>'; DROP TABLE institutions; --`;
    const { id } = await courseFiledUnder(hostile);
    expect((await institutionOf(id)).name).toBe(hostile);
  });
});

describe('suggesting names as a member types', () => {
  it('finds names holding the typed text whatever its case and accents, starts first', async () => {
    await courseFiledUnder('Université de Montréal');
    await courseFiledUnder('Montreal Polytechnic');
    const { suggestions } = await suggestCatalogNames(db, 'institutions', 'MONTRE');
    expect(suggestions.map((suggestion) => suggestion.name)).toEqual([
      'Montreal Polytechnic',
      'Université de Montréal',
    ]);
    expect(suggestions[0]?.courseCount).toBe(1);
  });

  it('treats the text literally and bounds the answer', async () => {
    expect((await suggestCatalogNames(db, 'institutions', '%')).suggestions).toEqual([]);
    expect((await suggestCatalogNames(db, 'institutions', '_')).suggestions).toEqual([]);
    const everything = await suggestCatalogNames(db, 'institutions', '');
    expect(everything.suggestions.length).toBeLessThanOrEqual(8);
    expect(everything.suggestions.length).toBeGreaterThan(0);
  });
});

describe('facets', () => {
  it('list a new institution once a published course is filed under it, with its count', async () => {
    const { id, owner } = await courseFiledUnder('Lakehead University');
    await db.updateTable('courses').set({ published: false }).where('id', '=', id).execute();
    const hidden = await listCatalogFacets(db);
    expect(hidden.institutions.map((facet) => facet.name)).not.toContain('Lakehead University');
    await updateCourse(db, owner, { courseId: id, changes: { title: 'Renamed' } });
    await db.updateTable('courses').set({ published: true }).where('id', '=', id).execute();
    await courseFiledUnder('LAKEHEAD university');
    const shown = await listCatalogFacets(db);
    expect(shown.institutions).toContainEqual({
      slug: 'lakehead-university',
      name: 'Lakehead University',
      courseCount: 2,
    });
  });
});

describe('renaming (admins)', () => {
  it('renames, and a change of case alone is not a collision', async () => {
    const id = await findOrCreateCatalogEntry(db, 'institutions', 'Northbrige Univ');
    expect(
      await renameCatalogEntry(db, admin, {
        list: 'institutions',
        id,
        changes: { name: ' northbrige  UNIV ' },
      }),
    ).toEqual({ id, name: 'northbrige UNIV' });
    const renamed = await renameCatalogEntry(db, admin, {
      list: 'institutions',
      id,
      changes: { name: 'Northbridge College' },
    });
    expect(renamed.name).toBe('Northbridge College');
    const slug = await db
      .selectFrom('institutions')
      .where('id', '=', id)
      .select('slug')
      .executeTakeFirstOrThrow();
    expect(slug.slug).toBe('northbrige-univ');
  });

  it('refuses a name another entry already has (409) and offers to merge into it', async () => {
    const id = await findOrCreateCatalogEntry(db, 'institutions', 'Northbridge Uni');
    const error = await rejection(
      renameCatalogEntry(db, admin, {
        list: 'institutions',
        id,
        changes: { name: 'NORTHBRIDGE UNIVERSITY' },
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'There is already an institution called "Northbridge University". Merge the two instead, so their courses are filed together.',
    );
    expect(error.details).toMatchObject({ existing: { name: 'Northbridge University' } });
    expect((await rowsNamed('institutions', 'Northbridge Uni'))[0]?.id).toBe(id);
  });

  it('refuses members (403) and visitors (401) and bad names (400), changing nothing', async () => {
    const id = await findOrCreateCatalogEntry(db, 'subjects', 'Astronomy');
    const input = { list: 'subjects' as const, id, changes: { name: 'Astrology' } };
    expect((await rejection(renameCatalogEntry(db, member, input))).status).toBe(403);
    expect((await rejection(renameCatalogEntry(db, null, input))).status).toBe(401);
    const bad = await rejection(
      renameCatalogEntry(db, admin, { ...input, changes: { name: 'Astro\u0000nomy' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Subject contains invisible control characters; type the name again.');
    const missing = await rejection(renameCatalogEntry(db, admin, { ...input, id: 999_999 }));
    expect(missing.status).toBe(404);
    expect((await rowsNamed('subjects', 'Astronomy'))[0]?.name).toBe('Astronomy');
    expect(await rowsNamed('subjects', 'Astrology')).toHaveLength(0);
  });
});

describe('merging (admins)', () => {
  it('moves every course, drafts included, and removes the merged entry in one go', async () => {
    const published = await courseFiledUnder('Uni of Lakeside', 'Mathematics', 'Calculus');
    const draft = await courseFiledUnder('Uni of Lakeside', 'Mathematics', 'Topology');
    await db.updateTable('courses').set({ published: false }).where('id', '=', draft.id).execute();
    const kept = await courseFiledUnder('Lakeside University');
    const merged = (await institutionOf(published.id)).id;
    const into = (await institutionOf(kept.id)).id;

    const result = await mergeCatalogEntries(db, admin, {
      list: 'institutions',
      id: merged,
      target: { into },
    });
    expect(result).toEqual({ into: { id: into, name: 'Lakeside University' }, movedCourses: 2 });
    expect((await institutionOf(published.id)).id).toBe(into);
    expect((await institutionOf(draft.id)).id).toBe(into);
    expect(await rowsNamed('institutions', 'Uni of Lakeside')).toHaveLength(0);
    // The search index follows the move (its triggers on courses).
    const indexed = await db
      .selectFrom('course_search')
      .where('course_id', '=', published.id)
      .select('institution_id')
      .executeTakeFirstOrThrow();
    expect(indexed.institution_id).toBe(into);
    const facets = await listCatalogFacets(db);
    expect(
      facets.institutions.find((facet) => facet.name === 'Lakeside University')?.courseCount,
    ).toBe(2);
    // The merged name, typed again, is a new entry: nothing points at the old one.
    const again = await courseFiledUnder('Uni of Lakeside');
    expect((await institutionOf(again.id)).id).not.toBe(merged);
  });

  it('refuses members (403), visitors (401), a merge into itself (400) and unknown entries (404)', async () => {
    const a = await findOrCreateCatalogEntry(db, 'subjects', 'Geology');
    const b = await findOrCreateCatalogEntry(db, 'subjects', 'Earth Sciences');
    const input = { list: 'subjects' as const, id: a, target: { into: b } };
    expect((await rejection(mergeCatalogEntries(db, member, input))).status).toBe(403);
    expect((await rejection(mergeCatalogEntries(db, null, input))).status).toBe(401);
    const self = await rejection(mergeCatalogEntries(db, admin, { ...input, target: { into: a } }));
    expect(self.status).toBe(400);
    expect(self.message).toBe('Choose another subject: one cannot be merged into itself.');
    const bad = await rejection(
      mergeCatalogEntries(db, admin, { ...input, target: { into: 'b' } }),
    );
    expect(bad.message).toBe('Choose the subject to merge into.');
    expect(
      (await rejection(mergeCatalogEntries(db, admin, { ...input, target: { into: 999_999 } })))
        .status,
    ).toBe(404);
    expect(
      (await rejection(mergeCatalogEntries(db, admin, { ...input, id: 999_999 }))).status,
    ).toBe(404);
    expect(await rowsNamed('subjects', 'Geology')).toHaveLength(1);
  });

  it('lists every entry with its courses for admins only', async () => {
    const entries = await listCatalogEntries(db, admin, 'subjects');
    expect(entries.find((entry) => entry.name === 'Mathematics')?.courseCount).toBeGreaterThan(0);
    expect((await rejection(listCatalogEntries(db, member, 'subjects'))).status).toBe(403);
  });
});
