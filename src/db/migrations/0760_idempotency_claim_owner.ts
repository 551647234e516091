import { type Kysely, sql } from 'kysely';

/**
 * Each Idempotency-Key claim records its owner, a token the claiming attempt draws
 * (http/idempotency.ts). A claim is its own statement and commits at once; when its answer is lost
 * (a network partition, a failover), the attempt cannot tell whether the key is now held. It keeps
 * the release for when the database answers again, and the token makes that release delete only
 * its own claim, never one a retry made meanwhile (which would let two requests run the change).
 * Before, the key stood "in progress" for the 15 minutes of a dead claim and every retry was 409.
 * The request's commit and its stored answer match the token too. Claims made before this
 * migration have none and keep the 15-minute rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chave_idempotencia add column dono uuid`.execute(db);
}
