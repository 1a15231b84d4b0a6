// A multipart/form-data body for app.inject, serialised by the platform's own FormData.
export async function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; data: Buffer | string; type?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    form.append(
      file.field ?? 'file',
      new Blob([bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Smallest real files of a few listed formats. */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
  csv: Buffer.from('date,amount,reference\n2026-10-01,12.50,INV-1\n'),
};
