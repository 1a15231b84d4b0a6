// One line per request at `info`, when it is answered: Fastify writes two by default ("incoming request",
// then "request completed"), each through the logger's serialisers (issue 14: cheap logging at info).
// The one line holds what both held: the request (URL redacted, log-options.ts), status and time taken.
// Fastify's other logs (errors, unknown routes) are unchanged.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
