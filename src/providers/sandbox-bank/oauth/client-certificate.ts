// The client certificate of a request to the sandbox bank's mutual-TLS port. The TLS layer asks for
// one but lets the request through, so that the bank answers a missing or foreign certificate with
// its own error rather than a dropped connection; only a certificate its CA issued counts.
import { createHash } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';

export interface ClientCertificate {
  /** x5t#S256: SHA-256 of the DER certificate, base64url (RFC 8705 certificate-bound tokens). */
  thumbprint: string;
  subject: Record<string, string | string[] | undefined>;
}

/** undefined without a certificate, or with one the bank's CA did not issue. */
export function clientCertificateOf(request: FastifyRequest): ClientCertificate | undefined {
  const socket = request.raw.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== 'function' || socket.authorized !== true) return undefined;
  const cert = socket.getPeerCertificate();
  if (!cert?.raw) return undefined;
  return {
    thumbprint: createHash('sha256').update(cert.raw).digest('base64url'),
    subject: { ...cert.subject },
  };
}
