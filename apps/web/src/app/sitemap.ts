import type { MetadataRoute } from 'next';
import { listSitemapEntries } from '@/catalog/list-sitemap-entries';
import { coursePath, documentPath } from '@/catalog/refs';
import { getConfig, getDb } from '@/server/server-context';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const entries = await listSitemapEntries(await getDb());
  const { siteUrl } = getConfig();
  return [
    { url: `${siteUrl}/`, changeFrequency: 'daily', priority: 1 },
    { url: `${siteUrl}/courses`, changeFrequency: 'daily', priority: 0.8 },
    ...entries.courses.map((course) => ({
      url: `${siteUrl}${coursePath(course)}`,
      lastModified: course.updatedAt,
      priority: 0.7,
    })),
    ...entries.documents.map((document) => ({
      url: `${siteUrl}${documentPath(document)}`,
      lastModified: document.createdAt,
      priority: 0.6,
    })),
  ];
}
