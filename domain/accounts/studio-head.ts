import { esc } from '../html-escape';
import { isImageDataUri } from '../storage/image-types';

/** What heads a page, an email or a document the client reads: the studio's name and logo. */
export interface StudioHead {
  studioName: string;
  /** The uploaded logo as a `data:` URI (domain/storage/image-types.ts#imageDataUri), or null. */
  logoDataUri: string | null;
}

/** The studio's logo and name as html (every value escaped; any other logo source is dropped). */
export function studioHeadHtml(head: StudioHead): string {
  const logo = isImageDataUri(head.logoDataUri)
    ? `<img class="studio-logo" src="${esc(head.logoDataUri)}" alt="${esc(head.studioName)}" style="max-height:64px;max-width:200px;display:block;margin-bottom:6px">`
    : '';
  return `<div class="studio">${logo}<strong class="studio-name">${esc(head.studioName)}</strong></div>`;
}
