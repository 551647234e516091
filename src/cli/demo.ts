/** The demo a fresh embedded database gets, and the mock environment serves at every start. */
export const DEMO = { ies: 3, students: 3000, seed: 42 };

/** The mock's reference date (the demo's "today") unless `--today` says otherwise; in the README. */
export const MOCK_TODAY = '2026-03-16';
