/**
 * N instances starting at once on one database all create pg-boss's schema, queues and schedules;
 * those statements can deadlock (40P01) or collide on a unique key (23505, 42P07, 42710) with
 * another instance doing the same. The loser retries after a short random pause and then finds
 * the work done (every step is create-if-missing). Found by the two-instance test.
 */
const RACE_CODES = new Set(['40P01', '40001', '23505', '42P07', '42710']);

export async function retryStartRace<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (attempt >= attempts || typeof code !== 'string' || !RACE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
