const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request that may change something: what the audit records, read-your-writes notes and nudges deliveries. */
export const isWrite = (method: string): boolean => WRITES.has(method);
