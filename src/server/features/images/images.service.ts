import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { brandLogoSvg } from './brand-logo.ts';
import { findBrandForLogo } from './images.repository.ts';

/** The wordmark of a brand of the catalogue, or null for an unknown brand. */
export async function loadBrandLogoSvg(db: Kysely<Database>, brandId: number): Promise<string | null> {
  const brand = await findBrandForLogo(db, brandId);
  return brand ? brandLogoSvg(brand) : null;
}

/** Where images are served: the path of qiniuImgAddress when it is local, else the default /img/. */
export function imageRoutePrefix(imageBaseUrl: string): string {
  return imageBaseUrl.startsWith('/') ? imageBaseUrl : '/img/';
}
