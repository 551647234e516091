import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Answers are kept at least this long; the scheduled job deletes older ones. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A claim still in progress after this long belongs to a request that died; a retry may take it over. */
const STALE_CLAIM_MINUTES = 15;
/**
 * How long after its commit a request's answer may still be on its way to the key (normally a few
 * milliseconds; longer while this process waits for the database to store it). A repeat in that
 * time is "still being processed"; after it, the answer is taken as lost.
 */
const ANSWER_GRACE_SECONDS = 30;

/**
 * One key's row (chave_idempotencia). Its states:
 * - EM_ANDAMENTO: claimed before the handler ran; nothing of the request is committed. A failure
 *   deletes it (releaseKey) and the retry runs afresh.
 * - CONCLUIDA without status_resposta: the request's own transaction committed its changes and this
 *   row together (markCommittedQuery, run right before its COMMIT), but its answer is not (yet)
 *   stored: a commit in doubt, or the moment before the answer is saved. Never released; a retry
 *   does not run the request again.
 * - CONCLUIDA with status_resposta: the stored answer, replayed to a retry.
 */
export interface Claim {
  /** principalOf(caller), in the column named for the first version, which stored `sub`. */
  usuario: string;
  operacao: string;
  chave: string;
}

/** A claim attempt: the key, and the token (uuid) that makes the claim this attempt's own. */
export interface OwnedClaim extends Claim {
  dono: string;
}

/** Inserts the claim, or takes over an expired answer or a dead in-progress claim. True when claimed. */
export async function claimKey(db: Db, claim: OwnedClaim, hash: string): Promise<boolean> {
  const row = await db
    .insertInto('chave_idempotencia')
    .values({ ...claim, hash_requisicao: hash })
    .onConflict((oc) =>
      oc
        .columns(['usuario', 'operacao', 'chave'])
        .doUpdateSet({
          hash_requisicao: hash,
          dono: claim.dono,
          estado: 'EM_ANDAMENTO',
          status_resposta: null,
          content_type: null,
          corpo: null,
          created_at: sql`now()`,
          concluida_em: null,
        })
        .where((eb) =>
          eb.or([
            eb(
              'chave_idempotencia.created_at',
              '<',
              sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
            ),
            eb.and([
              eb('chave_idempotencia.estado', '=', 'EM_ANDAMENTO'),
              eb(
                'chave_idempotencia.created_at',
                '<',
                sql<Date>`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`,
              ),
              eb('chave_idempotencia.hash_requisicao', '=', hash),
            ]),
          ]),
        ),
    )
    .returning('chave')
    .executeTakeFirst();
  return row !== undefined;
}

export function findKey(db: Db, claim: Claim) {
  return db
    .selectFrom('chave_idempotencia')
    .select(['hash_requisicao', 'estado', 'status_resposta', 'content_type', 'corpo'])
    .select(
      sql<boolean>`coalesce(concluida_em > now() - make_interval(secs => ${ANSWER_GRACE_SECONDS}), false)`.as(
        'recente',
      ),
    )
    .where('usuario', '=', claim.usuario)
    .where('operacao', '=', claim.operacao)
    .where('chave', '=', claim.chave)
    .executeTakeFirst();
}

/** The columns that find the key's row while it is still `claim`'s own (its token). */
const ownRow = ({ usuario, operacao, chave, dono }: OwnedClaim) => ({ usuario, operacao, chave, dono });

/** Deletes this attempt's claim if its request committed nothing; a committed one, or another's, stays. */
export function releaseKey(db: Db, claim: OwnedClaim) {
  return db
    .deleteFrom('chave_idempotencia')
    .where((eb) => eb.and(ownRow(claim)))
    .where('estado', '=', 'EM_ANDAMENTO')
    .execute();
}

/**
 * Marks the key committed, for the request's transaction to run right before its COMMIT (on its
 * own connection): the change and the key's record commit together or not at all. Returns the key
 * while it is still this request's claim (in progress, or committed by an earlier transaction of
 * the same request, answer not yet stored); no row means it is not, and the transaction must not
 * commit.
 */
export function markCommittedQuery(db: Db, claim: OwnedClaim, hash: string): CompiledQuery<{ chave: string }> {
  return db
    .updateTable('chave_idempotencia')
    .set({ estado: 'CONCLUIDA', concluida_em: sql<Date>`now()` })
    .where((eb) => eb.and(ownRow(claim)))
    .where('hash_requisicao', '=', hash)
    .where((eb) => eb.or([eb('estado', '=', 'EM_ANDAMENTO'), eb('status_resposta', 'is', null)]))
    .returning('chave')
    .compile();
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** Stores the answer a retry replays. */
export function saveAnswer(db: Db, claim: OwnedClaim, answer: StoredAnswer) {
  return db
    .updateTable('chave_idempotencia')
    .set({
      estado: 'CONCLUIDA',
      status_resposta: answer.status,
      content_type: answer.contentType,
      corpo: answer.body,
      concluida_em: new Date(),
    })
    .where((eb) => eb.and(ownRow(claim)))
    .execute();
}

/** Deletes answers older than the retention (run by the scheduled job). Returns how many. */
export async function purgeIdempotencyKeys(db: Db, olderThanHours = IDEMPOTENCY_TTL_HOURS): Promise<number> {
  const result = await db
    .deleteFrom('chave_idempotencia')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${olderThanHours})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
