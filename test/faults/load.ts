import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A steady mixed load, as clients that follow the API's advice: reads, and writes each with its own
 * Idempotency-Key, a write retried with the same key on 503 (after Retry-After, shortened) or 409
 * "still being processed" until it is acknowledged. Every answer is checked as it comes: during an
 * outage only 503 problem+json with Retry-After is acceptable, never a 500 or a dropped connection.
 */
export interface LoadOptions {
  url: string;
  token: string;
  workers: number;
  /** A write's body for a unique label (the label shows up in the database afterwards). */
  writeBody: (label: string) => unknown;
  writePath: string;
  readPath: string;
}

export class Load {
  readonly acknowledged = new Set<string>();
  readonly unexpected: string[] = [];
  readonly statuses = new Map<number, number>();
  readonly retriedAndServed = new Set<string>();
  unavailable = 0;
  #stopped = false;
  #running: Promise<void>[] = [];

  constructor(
    private readonly options: LoadOptions,
    private readonly run: string,
  ) {}

  start() {
    for (let w = 0; w < this.options.workers; w++) this.#running.push(this.#worker(w));
  }

  /** Stops issuing new requests; writes in progress retry until acknowledged. */
  async stop() {
    this.#stopped = true;
    await Promise.all(this.#running);
  }

  /** How many answers so far (to wait for progress). */
  get answered() {
    let n = 0;
    for (const count of this.statuses.values()) n += count;
    return n;
  }

  async #worker(w: number) {
    // One worker in three asks for English: the 503 must follow Accept-Language too.
    const lang = w % 3 === 2 ? 'en' : undefined;
    for (let i = 0; !this.#stopped; i++) {
      if (i % 2 === 0) await this.#write(`${this.run}-w${w}-${i}`, lang);
      else await this.#read(lang);
    }
  }

  #record(status: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  async #check503(response: Response, lang: string | undefined, what: string) {
    const body = (await response.json().catch(() => null)) as { type?: string; detail?: string } | null;
    const type = response.headers.get('content-type') ?? '';
    const problems: string[] = [];
    if (!type.startsWith('application/problem+json')) problems.push(`content-type ${type}`);
    if (!response.headers.get('retry-after')) problems.push('no Retry-After');
    if (response.headers.get('content-language') !== (lang ?? 'pt-BR'))
      problems.push(`content-language ${response.headers.get('content-language')}`);
    if (!body?.detail || body.type === 'urn:renova:problem:internal') problems.push(`body ${JSON.stringify(body)}`);
    if (problems.length > 0) this.unexpected.push(`${what}: 503 ${problems.join(', ')}`);
    this.unavailable++;
  }

  async #fetch(path: string, init: RequestInit, lang: string | undefined): Promise<Response | null> {
    try {
      return await fetch(`${this.options.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          ...(lang ? { 'accept-language': lang } : {}),
          ...(init.headers as Record<string, string>),
        },
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      this.unexpected.push(`${init.method ?? 'GET'} ${path}: no answer (${(error as Error).message})`);
      return null;
    }
  }

  async #read(lang: string | undefined) {
    const response = await this.#fetch(this.options.readPath, {}, lang);
    if (!response) return sleep(200);
    this.#record(response.status);
    if (response.status === 200) await response.arrayBuffer();
    else if (response.status === 503) await this.#check503(response, lang, 'read');
    else this.unexpected.push(`read: ${response.status} ${await response.text()}`);
    if (response.status !== 200) await sleep(200);
  }

  async #write(label: string, lang: string | undefined) {
    const deadline = Date.now() + 150_000;
    for (let attempt = 1; Date.now() < deadline; attempt++) {
      const response = await this.#fetch(
        this.options.writePath,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `key-${label}` },
          body: JSON.stringify(this.options.writeBody(label)),
        },
        lang,
      );
      if (!response) {
        await sleep(200);
        continue;
      }
      this.#record(response.status);
      if (response.status === 201) {
        await response.arrayBuffer();
        this.acknowledged.add(label);
        if (attempt > 1) this.retriedAndServed.add(label);
        return;
      }
      if (response.status === 503) await this.#check503(response, lang, `write ${label}`);
      else if (response.status === 409)
        await response.arrayBuffer(); // still being processed: retry
      else {
        this.unexpected.push(`write ${label}: ${response.status} ${await response.text()}`);
        return;
      }
      await sleep(200);
    }
    this.unexpected.push(`write ${label}: not acknowledged within 150 s`);
  }
}
