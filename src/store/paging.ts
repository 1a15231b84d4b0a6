// Offset paging shared by every list: newest first, (created_at, id) descending.

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Page<T> {
  docs: T[];
  totalDocs: number;
  page: number;
  limit: number;
}

export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

export function pageOf<T>(docs: T[], totalDocs: number, request: PageRequest): Page<T> {
  return { docs, totalDocs, page: request.page, limit: request.limit };
}

export function mapPage<T, U>(page: Page<T>, fn: (item: T) => U): Page<U> {
  return { ...page, docs: page.docs.map(fn) };
}
