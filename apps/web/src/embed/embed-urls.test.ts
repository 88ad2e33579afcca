import { describe, expect, it } from 'vitest';
import { embedderHostOf, embedPath, embedSnippet, readOnCoursepackUrl } from './embed-urls';

const SITE = 'https://coursepack.dev';
const DOCUMENT = { id: 42, slug: 'eigenvalues', title: 'Eigenvalues & "spectra" <notes>' };

describe('embed URLs', () => {
  it('frames the document by id alone, so a renamed document keeps its snippets working', () => {
    expect(embedPath(42)).toBe('/embed/documents/42');
  });

  it('builds the iframe snippet with an escaped title', () => {
    expect(embedSnippet(SITE, DOCUMENT)).toBe(
      '<iframe src="https://coursepack.dev/embed/documents/42" width="100%" height="600" style="border:0" title="Eigenvalues &amp; &quot;spectra&quot; &lt;notes&gt; — Coursepack" loading="lazy" allowfullscreen></iframe>',
    );
  });

  it('links back to the full page attributed to the embed and the embedding host', () => {
    expect(readOnCoursepackUrl(SITE, DOCUMENT, 'blog.example.org')).toBe(
      'https://coursepack.dev/documents/42-eigenvalues?utm_source=embed&utm_medium=iframe&utm_content=blog.example.org',
    );
    expect(readOnCoursepackUrl('http://localhost:3000', DOCUMENT, null)).toBe(
      'http://localhost:3000/documents/42-eigenvalues?utm_source=embed&utm_medium=iframe',
    );
  });

  it('reads the embedding host from the referrer, ignoring none, non-http and the site itself', () => {
    expect(embedderHostOf('https://blog.example.org/posts/linear-algebra?x=1', SITE)).toBe(
      'blog.example.org',
    );
    expect(embedderHostOf('http://127.0.0.1:8080/', 'http://localhost:3000')).toBe('127.0.0.1');
    expect(embedderHostOf('https://coursepack.dev/documents/42-eigenvalues', SITE)).toBeNull();
    expect(embedderHostOf('', SITE)).toBeNull();
    expect(embedderHostOf(null, SITE)).toBeNull();
    expect(embedderHostOf('not a url', SITE)).toBeNull();
    expect(embedderHostOf('file:///home/me/page.html', SITE)).toBeNull();
  });
});
