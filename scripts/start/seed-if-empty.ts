import type { Database } from '@coursepack/db/schema';
import { type MediaApiCredentials, uploadAsset } from '@coursepack/images/upload-asset';
import type { Kysely } from 'kysely';
import { seedDemoActivity } from '../seed/seed-demo-activity';
import { isCatalogEmpty, type SeedMedia, seedDemoContent } from '../seed/seed-demo-content';

/** The seed's files go through the media service's upload API, as a member's upload would. */
export function createUploadingSeedMedia(credentials: MediaApiCredentials): SeedMedia {
  return {
    async uploadImage(file, publicId) {
      const asset = await uploadAsset(credentials, {
        file,
        filename: `${publicId.split('/').pop()}.png`,
        publicId,
        resourceType: 'image',
      });
      return asset.public_id;
    },
    async uploadPdf(file, publicId) {
      const asset = await uploadAsset(credentials, {
        file,
        filename: `${publicId.split('/').pop()}.pdf`,
        publicId,
        resourceType: 'auto',
      });
      return { publicId: asset.public_id, pages: asset.pages ?? 0 };
    },
  };
}

/** Seeds the demo catalogue when there is no course yet; a populated database is left alone. */
export async function seedIfEmpty(
  db: Kysely<Database>,
  credentials: MediaApiCredentials,
  log: (line: string) => void,
): Promise<void> {
  if (!(await isCatalogEmpty(db))) return;
  log('Empty catalogue: seeding the demo courses and documents…');
  await seedDemoContent(db, createUploadingSeedMedia(credentials), log);
  const activity = await seedDemoActivity(db);
  log(
    `Seeded ${activity.events} events of past reading activity (rollups in ${Math.round(activity.refresh.milliseconds)} ms)`,
  );
}
