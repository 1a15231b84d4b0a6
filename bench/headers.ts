// What the service's answer headers cost on their own: two plain node:http servers answer the same
// 380-byte JSON, one with the limit server's headers (content-type, content-length, date, connection,
// keep-alive) and one with the service's 20 (its security headers, x-request-id, the rate limit's three,
// api-version). Alternating rounds; req/s under load and server CPU per request at a fixed rate.
// `npm run bench:headers [-- --rounds 3 --seconds 5 --rate 2000]`
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { securityHeaders } from '../src/http/security-headers.js';
import { cpuOfPaced } from './bench-database.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    // Internal: run one server (`few` or `service`) and print its port.
    serve: { type: 'string' },
  },
});

const BODY = JSON.stringify({
  created: true,
  result: { id: '6927f37f78c9f5c4dfccdf29', note: 'x'.repeat(306) },
});

if (values.serve) {
  const withService = values.serve === 'service';
  const fixed = securityHeaders(false);
  const fixedNames = Object.keys(fixed);
  const server = http.createServer((_request, response) => {
    // Key by key into one object, as Fastify collects a reply's headers, the request id new each time.
    const headers: Record<string, string> = {};
    if (withService) {
      for (const name of fixedNames) headers[name] = fixed[name] as string;
      headers['x-request-id'] = randomUUID();
      headers['x-ratelimit-limit'] = '100000000';
      headers['x-ratelimit-remaining'] = '99999999';
      headers['x-ratelimit-reset'] = '60';
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    if (withService) headers['api-version'] = '1.1';
    headers['content-length'] = String(BODY.length);
    response.writeHead(200, headers);
    response.end(BODY);
  });
  server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
} else {
  const seconds = Number(values.seconds);
  const start = (kind: string) =>
    new Promise<{ child: ChildProcess; port: number }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/headers.ts', '--serve', kind], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout?.once('data', (data: Buffer) => resolve({ child, port: Number(String(data).trim()) }));
    });
  const results: Record<string, { rps: number[]; cpu: number[] }> = {
    few: { rps: [], cpu: [] },
    service: { rps: [], cpu: [] },
  };
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const kind of round % 2 ? ['few', 'service'] : ['service', 'few']) {
      const { child, port } = await start(kind);
      const url = `http://127.0.0.1:${port}/`;
      await autocannon({ url, connections: 10, amount: 5000 });
      const rate = Number(values.rate);
      const { used, result: paced } = await cpuOfPaced(child.pid!, () =>
        autocannon({ url, connections: 10, duration: seconds, overallRate: rate }),
      );
      const loaded = await autocannon({ url, connections: Number(values.connections), duration: seconds });
      const sample = {
        rps: Math.round(loaded.requests.average),
        cpu: Math.round(used / paced.requests.total),
      };
      console.log(`round ${round} ${kind}: ${JSON.stringify(sample)}`);
      results[kind]?.rps.push(sample.rps);
      results[kind]?.cpu.push(sample.cpu);
      child.kill();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const [kind, { rps, cpu }] of Object.entries(results)) {
    console.log(
      `${kind}: ${median(rps)} req/s, CPU ${median(cpu)} us a request at ${values.rate}/s (medians)`,
    );
  }
}
