import type { Page } from '../store/paging.js';

const totalPages = (page: Page<unknown>) => Math.max(1, Math.ceil(page.totalDocs / page.limit));

/** Groups B and C (spec 2.12). */
export function envelopeB<T>(page: Page<T>) {
  return {
    data: {
      page: page.page,
      totalDocs: page.totalDocs,
      totalPages: totalPages(page),
      limit: page.limit,
      hasNextPage: page.page < totalPages(page),
      docs: page.docs,
    },
  };
}

/** Group D lists of payments, recurring payments and transactions (spec 2.12, API.md 1.3). */
export function envelopeD<T>(page: Page<T>) {
  const pages = totalPages(page);
  return {
    data: {
      totalDocs: page.totalDocs,
      limit: page.limit,
      totalPages: pages,
      page: page.page,
      pagingCounter: (page.page - 1) * page.limit + 1,
      hasPrevPage: page.page > 1,
      hasNextPage: page.page < pages,
      prevPage: page.page > 1 ? page.page - 1 : null,
      nextPage: page.page < pages ? page.page + 1 : null,
      docs: page.docs,
    },
  };
}
