// `for await (const item of list)` over both paging forms of API.md 1.3: group A's bare arrays with
// `X-Total-Count`, and the `{data: {docs, hasNextPage, ...}}` envelopes of groups B, C and D.

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  /** Items in the whole list. */
  total: number;
  hasNextPage: boolean;
}

export interface PageRequest {
  /** Items per page (default: the server's default for the group). */
  limit?: number;
  /** The first page to read (default 1). */
  page?: number;
}

/** A list read page by page as it is iterated. */
export class Paginated<T> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (page: number) => Promise<Page<T>>,
    private readonly firstPage = 1,
  ) {}

  /** One page. */
  page(page = this.firstPage): Promise<Page<T>> {
    return this.fetchPage(page);
  }

  /** Every page, from the first asked for. */
  async *pages(): AsyncGenerator<Page<T>> {
    for (let page = this.firstPage; ; page++) {
      const current = await this.fetchPage(page);
      yield current;
      if (!current.hasNextPage || current.items.length === 0) return;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Every item (at most `max`). */
  async toArray(max = Number.POSITIVE_INFINITY): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= max) break;
      out.push(item);
    }
    return out;
  }
}

/** Group A: a bare array; the total is in `X-Total-Count`. */
export function arrayPage<T>(items: T[], response: Response, page: number, limit: number): Page<T> {
  const header = response.headers.get('x-total-count');
  const total = header === null ? (page - 1) * limit + items.length : Number(header);
  return { items, page, limit, total, hasNextPage: page * limit < total };
}

/** Groups B, C and D: the paging envelope. */
export function envelopePage<T>(data: {
  docs: T[];
  page: number;
  limit: number;
  totalDocs: number;
  hasNextPage: boolean;
}): Page<T> {
  return {
    items: data.docs,
    page: data.page,
    limit: data.limit,
    total: data.totalDocs,
    hasNextPage: data.hasNextPage,
  };
}
