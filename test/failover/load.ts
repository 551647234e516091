/**
 * The failover test's client: workers that send values for one entry at a time (a write with an
 * Idempotency-Key, retried with the same key on 503 as the answer tells, and on 409 while the
 * first attempt is still being processed) between dashboard reads, recording every answer.
 */
export interface Answer {
  at: number;
  kind: 'read' | 'write';
  status: number | 'connection error';
  problemJson: boolean;
  retryAfter: string | null;
  detail: string;
  body?: string;
}

export interface LoadOptions {
  url: string;
  token: string;
  brbIds: number[];
  workers: number;
  pauseMs: number;
}

export interface Load {
  answers: Answer[];
  /** brbId → when its write was acknowledged (200) and how many attempts it took. */
  acked: Map<number, { at: number; startedAt: number; attempts: number; accepted: boolean }>;
  /** Writes given up on: neither acknowledged nor refused by a plain 503/409 within 90 s. */
  abandoned: number[];
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const READS = ['/s/v2/renovacao/dashboard/contadores', '/s/v2/renovacao/planilhas-auxiliares/cursos'];

export function startLoad(options: LoadOptions): Load {
  const answers: Answer[] = [];
  const acked: Load['acked'] = new Map();
  const abandoned: number[] = [];
  let next = 0;
  let stopping = false;
  const headers = { authorization: `Bearer ${options.token}` };

  async function send(kind: Answer['kind'], path: string, init: RequestInit = {}): Promise<Answer> {
    const at = Date.now();
    try {
      const response = await fetch(`${options.url}${path}`, {
        ...init,
        headers: { ...headers, ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      const answer: Answer = {
        at,
        kind,
        status: response.status,
        problemJson: (response.headers.get('content-type') ?? '').startsWith('application/problem+json'),
        retryAfter: response.headers.get('retry-after'),
        detail: response.status >= 300 ? body.slice(0, 300) : '',
        body: response.status === 200 && kind === 'write' ? body : undefined,
      };
      answers.push(answer);
      return answer;
    } catch (error) {
      const answer: Answer = {
        at,
        kind,
        status: 'connection error',
        problemJson: false,
        retryAfter: null,
        detail: String((error as Error).cause ?? error),
      };
      answers.push(answer);
      return answer;
    }
  }

  async function write(brbId: number): Promise<void> {
    const startedAt = Date.now();
    const body = JSON.stringify({
      valores: [
        {
          brbId,
          nomeEstudante: `Estudante ${brbId}`,
          qtdParcelasCobertura: 6,
          valorCtrPrestServico: 9000,
          percentualConcedido: 50,
          valorContrato: 4500,
        },
      ],
    });
    for (let attempt = 1; ; attempt++) {
      const answer = await send('write', '/s/v2/contrato/valores/enviar', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `failover-${brbId}` },
        body,
      });
      if (answer.status === 200) {
        // 200 with the row accepted; a retry whose first attempt committed unseen finds the entry
        // no longer APTO and answers 200 with the row refused.
        const accepted =
          (JSON.parse(answer.body ?? '{}') as { registrosComSucesso?: number }).registrosComSucesso === 1;
        acked.set(brbId, { at: Date.now(), startedAt, attempts: attempt, accepted });
        return;
      }
      // 409 without Retry-After: the first attempt committed (a commit in doubt) and its answer was
      // lost; the key says so instead of running it again. Acknowledged, its own answer unknown.
      if (answer.status === 409 && !answer.retryAfter) {
        acked.set(brbId, { at: Date.now(), startedAt, attempts: attempt, accepted: false });
        return;
      }
      // What a client is told to do: retry the same request with the same key, after Retry-After.
      const retriable = answer.status === 503 || answer.status === 409;
      if (!retriable || Date.now() - startedAt > 90_000) {
        abandoned.push(brbId);
        return;
      }
      await sleep(Math.min(1000, Number(answer.retryAfter ?? 1) * 1000));
    }
  }

  async function worker(id: number): Promise<void> {
    for (let round = 0; !stopping; round++) {
      const brbId = options.brbIds[next];
      if (brbId !== undefined) {
        next++;
        await write(brbId);
      }
      await send('read', READS[(round + id) % READS.length]!);
      await sleep(options.pauseMs);
    }
  }

  const running = Array.from({ length: options.workers }, (_, i) => worker(i));
  return {
    answers,
    acked,
    abandoned,
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}
