// The portal's CSV export read back, and the partner API's transactions in the export's columns.

/** Parses the export (quoted fields with doubled quotes, CRLF lines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const cells: string[] = [];
    const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
    for (const m of line.matchAll(re)) {
      const raw = m[1]!;
      cells.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
      if (m[2] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

export function apiRows(docs: Array<Record<string, any>>): string[][] {
  return docs.map((d) => [
    d.id,
    d.createdAt,
    d.completedAt ?? '',
    d.status,
    d.direction,
    d.amount,
    d.reference,
    d.parentEntityType,
    d.parentEntity?.id ?? '',
    d.externalRef ?? '',
    d.integration,
  ]);
}
