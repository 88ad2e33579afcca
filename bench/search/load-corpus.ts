import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { DocumentKind } from '@coursepack/db/schema';
import { createRandom, type Random } from '@coursepack/images/create-seeded-random';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createTextModel, type TextModel } from './create-text-model';

export interface CorpusSize {
  documents: number;
  documentsPerCourse: number;
  institutions: number;
  minPages: number;
  maxPages: number;
  wordsPerPage: number;
}

export interface LoadedCorpus {
  courses: number;
  documents: number;
  pages: number;
  /** Real titles and words of the corpus, for realistic queries. */
  sampleTitles: string[];
}

const KINDS: readonly [DocumentKind, number][] = [
  ['notes', 0.35],
  ['slides', 0.25],
  ['exercises', 0.15],
  ['exam', 0.12],
  ['summary', 0.08],
  ['other', 0.05],
];
/** Pages are sent on this many connections at once, one per core, because parsing text into tsvectors is the cost. */
const PAGE_STREAMS = 2;

/**
 * Fills an empty, migrated database with a deterministic catalogue: institutions, the demo
 * subjects, courses, documents and their pages, through COPY. A few percent of courses and
 * documents are unpublished or still processing, as in real life.
 */
export async function loadCorpus(url: string, size: CorpusSize): Promise<LoadedCorpus> {
  const model = createTextModel();
  const random = createRandom(2026);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await copyRows(client, 'subjects (id, slug, name)', function* () {
      for (const [index, subject] of model.subjects.entries()) {
        yield [index + 1, subject, titleCase(subject.replaceAll('-', ' '))];
      }
    });
    await copyRows(client, 'institutions (id, slug, name, country)', function* () {
      // Institution names are unique once case is folded (migration 0021): a drawn name that
      // is taken gets its id.
      const taken = new Set<string>();
      for (let id = 1; id <= size.institutions; id++) {
        const drawn = `${model.phrase(random, model.subjects[id % model.subjects.length] as string, 1)} ${['University', 'Institute of Technology', 'College', 'State University'][id % 4]}`;
        const name = taken.has(drawn.toLowerCase()) ? `${drawn} ${id}` : drawn;
        taken.add(name.toLowerCase());
        yield [id, `institution-${id}`, name, ['GB', 'US', 'DE', 'NL', 'CA'][id % 5] ?? 'GB'];
      }
    });

    const courseCount = Math.ceil(size.documents / size.documentsPerCourse);
    const courseSubjects: string[] = [];
    await copyRows(
      client,
      'courses (id, slug, title, code, description, subject_id, institution_id, published)',
      function* () {
        for (let id = 1; id <= courseCount; id++) {
          const subjectIndex = Math.floor(random() * model.subjects.length);
          const subject = model.subjects[subjectIndex] as string;
          courseSubjects.push(subject);
          const prefix = ['', 'Introduction to ', 'Advanced ', 'Topics in ', ''][id % 5];
          const title = `${prefix}${model.phrase(random, subject, 2)}${id % 7 === 0 ? ' II' : ''}`;
          yield [
            id,
            slug(title),
            title,
            `${subject.slice(0, 4).toUpperCase()} ${100 + (id % 400)}`,
            model.sentence(random, subject, 30 + Math.floor(random() * 30)),
            subjectIndex + 1,
            1 + Math.floor(random() * size.institutions),
            random() > 0.02,
          ];
        }
      },
    );

    const sampleTitles: string[] = [];
    const documentCourses: number[] = [];
    const documentPages: number[] = [];
    const readyDocuments: number[] = [];
    await copyRows(
      client,
      'documents (id, course_id, slug, title, description, kind, page_count, status, published)',
      function* () {
        for (let id = 1; id <= size.documents; id++) {
          const courseId = 1 + Math.floor(random() * courseCount);
          const subject = courseSubjects[courseId - 1] as string;
          const kind = pickKind(random);
          const title = documentTitle(random, model, subject, kind, id);
          if (id % 100 === 0) sampleTitles.push(title);
          const pages = size.minPages + Math.floor(random() * (size.maxPages - size.minPages + 1));
          documentCourses.push(courseId);
          documentPages.push(pages);
          if (random() > 0.02) readyDocuments.push(id);
          yield [
            id,
            courseId,
            slug(title),
            title,
            model.sentence(random, subject, 15 + Math.floor(random() * 25)),
            kind,
            pages,
            // Like uploads: processing while the pages arrive, ready afterwards (below).
            'processing',
            random() > 0.03,
          ];
        }
      },
    );

    let pageTotal = 0;
    const streams = Array.from({ length: PAGE_STREAMS }, async (_, stream) => {
      const pageClient = new pg.Client({ connectionString: url });
      await pageClient.connect();
      const pageRandom = createRandom(9000 + stream);
      try {
        await copyRows(pageClient, 'document_pages (document_id, page_number, body)', function* () {
          for (let id = 1 + stream; id <= size.documents; id += PAGE_STREAMS) {
            const subject = courseSubjects[(documentCourses[id - 1] as number) - 1] as string;
            const pages = documentPages[id - 1] as number;
            for (let page = 1; page <= pages; page++) {
              pageTotal++;
              const words = Math.round(size.wordsPerPage * (0.7 + pageRandom() * 0.6));
              yield [id, page, model.sentence(pageRandom, subject, words)];
            }
          }
        });
      } finally {
        await pageClient.end();
      }
    });
    await Promise.all(streams);
    // Marking documents ready is what indexes them: one statement per core.
    await Promise.all(
      Array.from({ length: PAGE_STREAMS }, async (_, stream) => {
        const readyClient = new pg.Client({ connectionString: url });
        await readyClient.connect();
        try {
          await readyClient.query(`UPDATE documents SET status = 'ready' WHERE id = ANY ($1)`, [
            readyDocuments.filter((id) => id % PAGE_STREAMS === stream),
          ]);
        } finally {
          await readyClient.end();
        }
      }),
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('courses', 'id'), ${courseCount})`);
    await client.query(
      `SELECT setval(pg_get_serial_sequence('documents', 'id'), ${size.documents})`,
    );
    await client.query('VACUUM ANALYZE');
    return { courses: courseCount, documents: size.documents, pages: pageTotal, sampleTitles };
  } finally {
    await client.end();
  }
}

function pickKind(random: Random): DocumentKind {
  let roll = random();
  for (const [kind, share] of KINDS) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return 'other';
}

function documentTitle(
  random: Random,
  model: TextModel,
  subject: string,
  kind: DocumentKind,
  id: number,
): string {
  const topic = model.phrase(random, subject, 1 + Math.floor(random() * 3));
  const n = 1 + (id % 12);
  switch (kind) {
    case 'notes':
      return `Lecture ${n}: ${topic}`;
    case 'slides':
      return `Slides week ${n}: ${topic}`;
    case 'exercises':
      return `Exercise sheet ${n}: ${topic}`;
    case 'exam':
      return `${random() < 0.5 ? 'Final' : 'Midterm'} exam ${2015 + (id % 11)}: ${topic}`;
    case 'summary':
      return `Summary of ${topic}`;
    default:
      return `${topic} handout`;
  }
}

function titleCase(text: string): string {
  return text.replace(/\b\w/g, (c) => c.toUpperCase());
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'untitled'
  );
}

/** Streams rows into `COPY table (columns) FROM STDIN` in text format, honouring backpressure. */
async function copyRows(
  client: pg.Client,
  target: string,
  rows: () => Generator<readonly (string | number | boolean)[]>,
): Promise<void> {
  const stream: Writable = client.query(copyFrom(`COPY ${target} FROM STDIN`));
  let chunk = '';
  for (const row of rows()) {
    chunk += `${row.map(copyField).join('\t')}\n`;
    if (chunk.length > 256 * 1024) {
      if (!stream.write(chunk)) await once(stream, 'drain');
      chunk = '';
    }
  }
  stream.end(chunk);
  await finished(stream);
}

function copyField(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  return value.replace(
    /[\\\t\n\r]/g,
    (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c,
  );
}
