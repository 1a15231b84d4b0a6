// A node:test reporter that writes how long each test file's tests took, in ms, as JSON.
// `npm test -- --record` merges it into test/durations.json (durations.postgres.json on PostgreSQL),
// which balances the test processes.
export default async function* durations(source) {
  const perFile = {};
  for await (const event of source) {
    const { type, data } = event;
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      const file = data.file.slice(data.file.lastIndexOf('/test/') + 1);
      perFile[file] = Math.round((perFile[file] ?? 0) + data.details.duration_ms);
    }
  }
  yield JSON.stringify(perFile);
}
