/** Paged lists (DESIGN.md): `?page=&limit=`, page from 1, limit capped so no request reads a whole table. */
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export function pageOffset({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}
