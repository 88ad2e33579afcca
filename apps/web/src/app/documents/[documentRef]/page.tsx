import type { Metadata } from 'next';
import Link from 'next/link';
import { loadDocumentForRef } from '@/catalog/load-document-page';
import { JsonLd } from '@/components/json-ld';
import { KindBadge } from '@/components/kind-badge';
import { formatBytes, formatDate, KIND_LABELS, pluralize, truncate } from '@/lib/format';
import { coursePath, documentPath } from '@/lib/refs';
import { getConfig } from '@/lib/server-context';

type Params = Promise<{ documentRef: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const document = await loadDocumentForRef((await params).documentRef);
  const description = truncate(
    document.description ||
      document.pages[0]?.text ||
      `${document.title} — ${document.course.title}`,
    160,
  );
  return {
    title: `${document.title} — ${document.course.title}`,
    description,
    alternates: { canonical: documentPath(document) },
    openGraph: { title: document.title, description, type: 'article', url: documentPath(document) },
  };
}

export default async function DocumentPage({ params }: { params: Params }) {
  const document = await loadDocumentForRef((await params).documentRef);
  const { siteUrl } = getConfig();

  return (
    <article lang={document.language}>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': ['DigitalDocument', 'LearningResource'],
          name: document.title,
          description: document.description || undefined,
          learningResourceType: KIND_LABELS[document.kind].singular,
          encodingFormat: 'application/pdf',
          numberOfPages: document.pageCount,
          inLanguage: document.language,
          dateCreated: document.createdAt.toISOString(),
          url: `${siteUrl}${documentPath(document)}`,
          isPartOf: {
            '@type': 'Course',
            name: document.course.title,
            courseCode: document.course.code ?? undefined,
            url: `${siteUrl}${coursePath(document.course)}`,
          },
        }}
      />
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <Link href="/courses" className="hover:text-brand-700 hover:underline">
          Courses
        </Link>{' '}
        /{' '}
        <Link href={coursePath(document.course)} className="hover:text-brand-700 hover:underline">
          {document.course.title}
        </Link>
      </nav>
      <header className="rounded-2xl border border-slate-200 bg-white p-6">
        <KindBadge kind={document.kind} />
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{document.title}</h1>
        <p className="mt-1 text-slate-600">
          <Link
            href={coursePath(document.course)}
            className="font-medium text-brand-700 hover:underline"
          >
            {document.course.code ? `${document.course.code} · ` : ''}
            {document.course.title}
          </Link>
        </p>
        {document.description ? (
          <p className="mt-4 max-w-3xl leading-relaxed text-slate-800">{document.description}</p>
        ) : null}
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt>Pages:</dt>
            <dd>{document.pageCount}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Size:</dt>
            <dd>{formatBytes(document.sizeBytes)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Added:</dt>
            <dd>
              <time dateTime={document.createdAt.toISOString()}>
                {formatDate(document.createdAt)}
              </time>
            </dd>
          </div>
        </dl>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[10rem_1fr]">
        <nav aria-label="Pages" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">
            {pluralize(document.pages.length, 'page')}
          </h2>
          <ol className="flex flex-wrap gap-2 lg:flex-col">
            {document.pages.map((page) => (
              <li key={page.number}>
                <a
                  href={`#page-${page.number}`}
                  className="block rounded-md border border-slate-200 bg-white px-3 py-1 text-sm hover:border-brand-600"
                >
                  Page {page.number}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-col gap-6" data-testid="document-pages">
          {document.pages.map((page) => (
            <section
              key={page.number}
              id={`page-${page.number}`}
              aria-label={`Page ${page.number}`}
              className="rounded-lg border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-10"
            >
              <p className="mb-4 text-xs font-medium uppercase tracking-wide text-slate-500">
                Page {page.number} of {document.pageCount}
              </p>
              <div className="whitespace-pre-line font-serif text-[1.05rem] leading-relaxed text-slate-900">
                {page.text}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
