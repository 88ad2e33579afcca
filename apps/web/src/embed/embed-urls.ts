/**
 * URLs of the embeddable document viewer: where it lives, the snippet other sites paste, and the
 * way back to the full page. Plain functions, shared by the document page and the embed.
 */

export interface EmbeddableDocument {
  id: number;
  slug: string;
  title: string;
}

/** The viewer other sites frame; ids never change, so snippets keep working after a rename. */
export function embedPath(documentId: number): string {
  return `/embed/documents/${documentId}`;
}

/** The `<iframe>` a site pastes to show the document. */
export function embedSnippet(siteUrl: string, document: EmbeddableDocument): string {
  const title = escapeAttribute(`${document.title} — Coursepack`);
  return `<iframe src="${siteUrl}${embedPath(document.id)}" width="100%" height="600" style="border:0" title="${title}" loading="lazy" allowfullscreen></iframe>`;
}

/**
 * "Read on Coursepack": the full document page, tagged so the visit it starts is attributed to
 * the embed (`utm_source=embed`, `utm_medium=iframe`) and to the site that framed it
 * (`utm_content`, when known).
 */
export function readOnCoursepackUrl(
  siteUrl: string,
  document: Pick<EmbeddableDocument, 'id' | 'slug'>,
  embedderHost: string | null,
): string {
  const url = new URL(`/documents/${document.id}-${document.slug}`, siteUrl);
  url.searchParams.set('utm_source', 'embed');
  url.searchParams.set('utm_medium', 'iframe');
  if (embedderHost) url.searchParams.set('utm_content', embedderHost);
  return url.toString();
}

/**
 * The host name of the page that framed the embed, from the referrer of the frame's request
 * (browsers send at least the embedding origin by default). `null` when there is none, it is
 * not an http(s) URL, or it is this site itself.
 */
export function embedderHostOf(
  referrer: string | null | undefined,
  siteUrl: string,
): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.host === new URL(siteUrl).host) return null;
  return url.hostname;
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
