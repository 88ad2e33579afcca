import type { Database, DocumentKind } from '@coursepack/db/schema';
import { insertCatalogTaxonomy } from '@coursepack/db/testing/insert-catalog-taxonomy';
import type { Kysely } from 'kysely';

/** Test catalogue for the search tests; every row goes through the same triggers as uploads. */
export interface SearchFixture {
  courses: { algebra: number; quantum: number; hidden: number };
  documents: {
    spectralTitle: number;
    spectralDescription: number;
    spectralBody: number;
    eigenvalues: number;
    draft: number;
    processing: number;
    inHiddenCourse: number;
    thermodynamics: number;
    graph: number;
    graphene: number;
    resume: number;
    schrodinger: number;
    btree: number;
    lineBreakHyphen: number;
    lectureNotes: number;
    surfaceTension: number;
  };
  /** Documents of the quantum course whose page 2 mentions "wavefunction", to page through. */
  wavefunctionCount: number;
}

const KINDS: DocumentKind[] = ['notes', 'slides', 'exercises', 'exam', 'summary'];
const FILLER =
  'This page recalls definitions from earlier weeks and works through two short examples.';

export async function seedSearchFixture(db: Kysely<Database>): Promise<SearchFixture> {
  const { north, lake, maths, physics } = await insertCatalogTaxonomy(db);

  const course = (values: {
    slug: string;
    title: string;
    code?: string;
    description?: string;
    subject: number;
    institution: number;
    published: boolean;
  }) =>
    db
      .insertInto('courses')
      .values({
        slug: values.slug,
        title: values.title,
        code: values.code ?? null,
        description: values.description ?? '',
        subject_id: values.subject,
        institution_id: values.institution,
        published: values.published,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
  const algebra = await course({
    slug: 'linear-algebra',
    title: 'Linear Algebra',
    code: 'MATH 221',
    description: 'Vector spaces, matrices and eigenvalues.',
    subject: maths.id,
    institution: north.id,
    published: true,
  });
  const quantum = await course({
    slug: 'quantum-mechanics',
    title: 'Quantum Mechanics',
    code: 'PHYS 310',
    description: 'Wave mechanics, operators and the hydrogen atom.',
    subject: physics.id,
    institution: lake.id,
    published: true,
  });
  const hidden = await course({
    slug: 'secret-topology',
    title: 'Unpublished Topology',
    subject: maths.id,
    institution: north.id,
    published: false,
  });

  const document = async (values: {
    course: number;
    title: string;
    description?: string;
    kind?: DocumentKind;
    pages?: string[];
    published?: boolean;
    status?: 'ready' | 'processing';
  }) => {
    const pages = values.pages ?? [FILLER];
    const { id } = await db
      .insertInto('documents')
      .values({
        course_id: values.course,
        slug: values.title
          .normalize('NFD')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
        title: values.title,
        description: values.description ?? '',
        kind: values.kind ?? 'notes',
        page_count: pages.length,
        published: values.published ?? true,
        status: values.status ?? 'ready',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('document_pages')
      .values(pages.map((body, index) => ({ document_id: id, page_number: index + 1, body })))
      .execute();
    return id;
  };

  const documents = {
    spectralBody: await document({
      course: algebra,
      title: 'Week 9 notes',
      pages: [FILLER, FILLER, 'A symmetric matrix has a spectral decomposition.', FILLER],
    }),
    spectralDescription: await document({
      course: algebra,
      title: 'Exercise sheet 9',
      description: 'Practice with the spectral decomposition.',
      kind: 'exercises',
    }),
    spectralTitle: await document({
      course: algebra,
      title: 'The spectral theorem',
      kind: 'slides',
    }),
    eigenvalues: await document({
      course: algebra,
      title: 'Eigenvalues and eigenvectors',
      pages: [
        FILLER,
        'The characteristic polynomial gives the eigenvalues of a matrix: each eigenvalue is a root.',
      ],
    }),
    draft: await document({
      course: algebra,
      title: 'Draft handout',
      pages: ['A confidential homeomorphism draft.'],
      published: false,
    }),
    processing: await document({
      course: algebra,
      title: 'Scanned exam',
      pages: ['A confidential homeomorphism scan.'],
      status: 'processing',
    }),
    inHiddenCourse: await document({
      course: hidden,
      title: 'Homeomorphism basics',
      pages: ['A confidential homeomorphism page.'],
    }),
    // Forgiving search (docs/search.md): prefixes, typos, folding, partial matches, page text.
    thermodynamics: await document({
      course: quantum,
      title: 'Thermodynamics of engines',
      pages: ['Carnot cycles and the entropy of an ideal gas.'],
    }),
    graph: await document({ course: algebra, title: 'Graph theory' }),
    graphene: await document({ course: quantum, title: 'Graphene sheets' }),
    resume: await document({
      course: algebra,
      title: 'Writing a résumé',
      description: 'Career workshop handout.',
      kind: 'summary',
    }),
    schrodinger: await document({
      course: quantum,
      title: 'The Schrödinger equation',
      pages: ['Superposition of states.'],
    }),
    btree: await document({
      course: algebra,
      title: 'B-tree indexes',
      pages: ['Pages on x86 machines; CO2 budgets; the zorblax5210 sample.'],
    }),
    // Justified text breaks a word across lines with a hyphen, as the PDF's text then reads.
    lineBreakHyphen: await document({
      course: quantum,
      title: 'Spectroscopy notes',
      pages: ['The sample shows photo-\nluminescence under blue light.'],
    }),
    lectureNotes: await document({
      course: quantum,
      title: 'Lecture Notes 7',
      pages: [FILLER, FILLER, 'The quasiparticle picture of the electron gas.'],
    }),
    // `tention` is one typo from *tension* and from *mention*, which is commoner.
    surfaceTension: await document({
      course: quantum,
      title: 'Capillary waves',
      pages: ['Surface tension holds the droplet together.'],
    }),
  };
  for (const title of ['Citation style', 'Acknowledgements']) {
    await document({ course: algebra, title, pages: ['Always mention every source you used.'] });
  }

  const wavefunctionCount = 25;
  for (let index = 1; index <= wavefunctionCount; index++) {
    await document({
      course: quantum,
      title: `Problem set ${index}`,
      kind: KINDS[index % KINDS.length],
      pages: [FILLER, `Normalise the wavefunction of problem ${index}.`],
    });
  }
  return { courses: { algebra, quantum, hidden }, documents, wavefunctionCount };
}
