import type { Db } from '../db/database.js';

export interface SeedOptions {
  ies: number;
  students: number;
  seed: number;
  onProgress?: (done: number, total: number, stage: string) => void;
}

/** Placeholder until the demo-data generator lands: reports that nothing was seeded. */
export async function seedIfEmpty(_db: Db, _options: SeedOptions): Promise<boolean> {
  return false;
}
