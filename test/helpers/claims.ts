// What the dispatcher's claims took, seen from the database they run through: a claim is the one UPDATE
// that answers rows (src/domain/events/event.repository.ts, claimStatement).
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';

/** Each claim that took events, plugged into a Db (withPlugin): how many, and when it answered. */
export class ClaimWatcher implements KyselyPlugin {
  readonly claims: Array<{ size: number; at: number }> = [];
  readonly #updates = new WeakSet<QueryId>();

  get sizes(): number[] {
    return this.claims.map((claim) => claim.size);
  }

  transformQuery({ node, queryId }: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    if (node.kind === 'UpdateQueryNode' && node.returning) this.#updates.add(queryId);
    return node;
  }

  async transformResult<R extends { rows: unknown[] }>({ result, queryId }: { result: R; queryId: QueryId }) {
    if (this.#updates.has(queryId) && result.rows.length > 0) {
      this.claims.push({ size: result.rows.length, at: performance.now() });
    }
    return result;
  }
}
