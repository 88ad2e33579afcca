import { createHash } from 'node:crypto';
import { DAY_MS } from '@coursepack/analytics/time';
import type { Database, PageTextRun } from '@coursepack/db/schema';
import { hashString } from '@coursepack/images/create-seeded-random';
import { readOwnPdfTextRuns } from '@coursepack/worker/documents/read-own-pdf-text-runs';
import type { Kysely } from 'kysely';
import type { DemoCatalogue, DemoCourse, DemoDocument } from './content/catalogue-types';
import { demoCatalogue } from './content/demo-catalogue';
import { createDemoOwner } from './create-demo-owner';
import { demoPdfInput } from './demo-pdf-input';
import { mapWithConcurrency } from './map-with-concurrency';
import { formatPageText } from './parse-page-markup';
import { renderCover } from './render-cover';
import { type PdfDocumentInput, renderPdf, titleBlockText } from './render-pdf';

/** Where the seed puts files: the media service's upload API in production, a recorder in tests. */
export interface SeedMedia {
  /** Stores an image under `publicId`; resolves to the public id it was stored under. */
  uploadImage(file: Uint8Array, publicId: string): Promise<string>;
  /** Stores a PDF under `publicId`; resolves to the stored public id and the page count it found. */
  uploadPdf(file: Uint8Array, publicId: string): Promise<{ publicId: string; pages: number }>;
}

export interface SeedSummary {
  courses: number;
  documents: number;
  pages: number;
}

export interface SeedOptions {
  /** Defaults to the built-in demo catalogue. */
  catalogue?: DemoCatalogue;
  /** The moment document dates are staggered back from; defaults to now. */
  now?: Date;
  /** Uploads in flight at once; small, so seeding never swamps the media service. */
  concurrency?: number;
}

/** Documents are spread over this window so "recent documents" looks like a living site. */
const STAGGER_DAYS = 60;

/** True when no course exists yet: the only state in which `npm start` seeds. */
export async function isCatalogEmpty(db: Kysely<Database>): Promise<boolean> {
  const course = await db.selectFrom('courses').select('id').limit(1).executeTakeFirst();
  return course === undefined;
}

interface PreparedDocument {
  course: DemoCourse;
  document: DemoDocument;
  /** What its PDF is rendered from. */
  input: PdfDocumentInput;
  texts: string[];
  publicId: string;
}

interface UploadedDocument extends PreparedDocument {
  /** Where each page's words are, read from the rendered PDF as the worker reads uploads. */
  runs: PageTextRun[][];
  mediaAssetId: string;
  sizeBytes: number;
  checksum: string;
}

/**
 * Seeds the demo catalogue: renders every course cover and document PDF, uploads
 * them, then inserts institutions, subjects, courses, documents and their pages in
 * one transaction. Uploads come first so a failure anywhere leaves the database as
 * it was (empty), and the next start simply tries again; re-uploading the same
 * public ids is harmless because the files are byte-identical.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  media: SeedMedia,
  log: (line: string) => void = () => {},
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const catalogue = options.catalogue ?? demoCatalogue;
  const now = options.now ?? new Date();
  const concurrency = options.concurrency ?? 3;
  const started = performance.now();

  const institutionNames = new Map(catalogue.institutions.map((i) => [i.slug, i.name]));
  const subjectNames = new Map(catalogue.subjects.map((s) => [s.slug, s.name]));
  for (const course of catalogue.courses) {
    if (!institutionNames.has(course.institutionSlug)) {
      throw new Error(`Course ${course.slug}: unknown institution ${course.institutionSlug}`);
    }
    if (!subjectNames.has(course.subjectSlug)) {
      throw new Error(`Course ${course.slug}: unknown subject ${course.subjectSlug}`);
    }
  }

  const prepared: PreparedDocument[] = catalogue.courses.flatMap((course) =>
    course.documents.map((document) => {
      const input = demoPdfInput(
        course,
        document,
        institutionNames.get(course.institutionSlug) ?? '',
      );
      return {
        course,
        document,
        input,
        // Page 1 shows the title block above its content.
        texts: input.pages.map((blocks, index) =>
          index === 0
            ? `${titleBlockText(input)}\n\n${formatPageText(blocks)}`
            : formatPageText(blocks),
        ),
        publicId: `demo/documents/${course.slug}/${document.slug}`,
      };
    }),
  );
  const pageTotal = prepared.reduce((sum, doc) => sum + doc.input.pages.length, 0);
  log(
    `Seeding demo content: ${catalogue.courses.length} courses, ${prepared.length} documents, ${pageTotal} pages`,
  );

  const coverIds = await mapWithConcurrency(catalogue.courses, concurrency, async (course) => {
    const png = await renderCover({ slug: course.slug, subjectSlug: course.subjectSlug });
    return media.uploadImage(png, `demo/courses/${course.slug}-cover`);
  });
  log(`Uploaded ${coverIds.length} course covers`);

  let uploadedCount = 0;
  const uploaded = await mapWithConcurrency(prepared, concurrency, async (doc) => {
    const pdf = await renderPdf(doc.input);
    const result = await media.uploadPdf(pdf, doc.publicId);
    if (result.pages !== doc.input.pages.length) {
      throw new Error(
        `Media service counted ${result.pages} pages in ${doc.publicId}; the seed rendered ${doc.input.pages.length}`,
      );
    }
    uploadedCount++;
    if (uploadedCount % 10 === 0 || uploadedCount === prepared.length) {
      log(`Uploaded ${uploadedCount}/${prepared.length} document PDFs`);
    }
    return {
      ...doc,
      runs: await readOwnPdfTextRuns(pdf),
      mediaAssetId: result.publicId,
      sizeBytes: pdf.byteLength,
      checksum: createHash('sha256').update(pdf).digest('hex'),
    } satisfies UploadedDocument;
  });

  const dates = staggerDates(uploaded, now);

  await db.transaction().execute(async (trx) => {
    // Institutions and subjects are looked up by slug so a database that already
    // holds some (created by hand, say) is extended rather than rejected.
    await trx
      .insertInto('institutions')
      .values(catalogue.institutions.map(({ slug, name, country }) => ({ slug, name, country })))
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('subjects')
      .values(catalogue.subjects.map(({ slug, name }) => ({ slug, name })))
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
    const institutionIds = new Map(
      (await trx.selectFrom('institutions').select(['id', 'slug']).execute()).map((row) => [
        row.slug,
        row.id,
      ]),
    );
    const subjectIds = new Map(
      (await trx.selectFrom('subjects').select(['id', 'slug']).execute()).map((row) => [
        row.slug,
        row.id,
      ]),
    );

    const ownerId = await createDemoOwner(trx);
    const courseIds = new Map<string, number>();
    for (const [index, course] of catalogue.courses.entries()) {
      const courseDates = dates.courses.get(course.slug);
      const row = await trx
        .insertInto('courses')
        .values({
          slug: course.slug,
          title: course.title,
          code: course.code,
          description: course.description,
          subject_id: requireId(subjectIds, course.subjectSlug),
          institution_id: requireId(institutionIds, course.institutionSlug),
          cover_asset_id: coverIds[index] ?? null,
          owner_id: ownerId,
          published: course.published,
          created_at: courseDates?.createdAt ?? now,
          updated_at: courseDates?.updatedAt ?? now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      courseIds.set(course.slug, row.id);
    }

    const documentRows = await trx
      .insertInto('documents')
      .values(
        uploaded.map((doc) => {
          const createdAt = dates.documents.get(doc.publicId) ?? now;
          return {
            course_id: requireId(courseIds, doc.course.slug),
            slug: doc.document.slug,
            title: doc.document.title,
            description: doc.document.description,
            kind: doc.document.kind,
            media_asset_id: doc.mediaAssetId,
            page_count: doc.input.pages.length,
            size_bytes: doc.sizeBytes,
            checksum: doc.checksum,
            language: 'en',
            status: 'ready' as const,
            owner_id: ownerId,
            published: true,
            created_at: createdAt,
            updated_at: createdAt,
          };
        }),
      )
      .returning(['id', 'checksum'])
      .execute();
    // Checksums are unique (a database index), so they tie returned ids to documents.
    const documentIds = new Map(
      documentRows.flatMap((row) =>
        row.checksum === null ? [] : [[row.checksum, row.id] as const],
      ),
    );

    await trx
      .insertInto('document_pages')
      .values(
        uploaded.flatMap((doc) =>
          doc.texts.map((body, index) => ({
            document_id: requireId(documentIds, doc.checksum),
            page_number: index + 1,
            body,
            text_layer: JSON.stringify({ runs: doc.runs[index] ?? [] }),
          })),
        ),
      )
      .execute();
  });

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `Seeded ${catalogue.courses.length} courses, ${uploaded.length} documents and ${pageTotal} pages in ${seconds} s`,
  );
  return { courses: catalogue.courses.length, documents: uploaded.length, pages: pageTotal };
}

function requireId(ids: ReadonlyMap<string, number>, key: string | null): number {
  const id = key === null ? undefined : ids.get(key);
  if (id === undefined) throw new Error(`Seed row not found: ${key}`);
  return id;
}

interface StaggeredDates {
  /** By document public id. */
  documents: Map<string, Date>;
  /** By course slug: created a little before its first document, updated at its latest. */
  courses: Map<string, { createdAt: Date; updatedAt: Date }>;
}

/**
 * Spreads document dates evenly over the last STAGGER_DAYS days, in an order
 * shuffled by a hash of the public id, so the newest documents come from
 * different courses. Same catalogue and `now` give the same dates.
 */
function staggerDates(documents: readonly PreparedDocument[], now: Date): StaggeredDates {
  const ordered = [...documents].sort(
    (a, b) =>
      hashString(a.publicId) - hashString(b.publicId) || a.publicId.localeCompare(b.publicId),
  );
  const span = STAGGER_DAYS * DAY_MS;
  const result: StaggeredDates = { documents: new Map(), courses: new Map() };
  ordered.forEach((doc, rank) => {
    // Up to ten hours of jitter, so uploads do not all land at the same time of day.
    const jitter = (hashString(`${doc.publicId}#time`) % 600) * 60 * 1000;
    const age = ((rank + 0.5) / ordered.length) * span + jitter;
    const createdAt = new Date(now.getTime() - Math.min(age, span));
    result.documents.set(doc.publicId, createdAt);

    const course = result.courses.get(doc.course.slug);
    const leadTime = (3 + (hashString(doc.course.slug) % 5)) * DAY_MS;
    const courseCreated = new Date(createdAt.getTime() - leadTime);
    if (!course) {
      result.courses.set(doc.course.slug, { createdAt: courseCreated, updatedAt: createdAt });
      return;
    }
    if (courseCreated < course.createdAt) course.createdAt = courseCreated;
    if (createdAt > course.updatedAt) course.updatedAt = createdAt;
  });
  return result;
}
