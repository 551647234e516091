import { context, SpanStatusCode } from '@opentelemetry/api';
import type { LogEvent } from 'kysely';
import { failSpan, SpanKind, tracer, tracingOn } from './tracing.js';

/**
 * A client span per database statement, from Kysely's log hook (called as each statement ends,
 * in the caller's async context, with its duration): the span is written afterwards with its
 * real start time, so nothing wraps the statement itself. The text is the parameterized SQL
 * (values are never in it). Undefined when tracing is off, so Kysely logs nothing.
 */
export function statementSpans(system: 'postgresql' | 'pglite'): ((event: LogEvent) => void) | undefined {
  if (!tracingOn()) return undefined;
  return (event) => {
    if (!tracingOn()) return;
    const sql = event.query.sql;
    const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
    const end = Date.now();
    const span = tracer().startSpan(
      operation,
      {
        kind: SpanKind.CLIENT,
        startTime: end - event.queryDurationMillis,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.query.text': sql.length > 4000 ? `${sql.slice(0, 4000)}…` : sql,
          ...(system === 'pglite' ? { 'renova.db.embedded': true } : {}),
        },
      },
      context.active(),
    );
    if (event.level === 'error') failSpan(span, event.error);
    else span.setStatus({ code: SpanStatusCode.UNSET });
    span.end(end);
  };
}
