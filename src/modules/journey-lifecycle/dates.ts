/** Calendar dates as 'yyyy-mm-dd' strings, the way the database returns them. */

// The service's one clock and calendar (America/Sao_Paulo) lives in src/lib/business-date.ts;
// this name stays for the modules that import it from here.
export * from '../../lib/business-date.js';
