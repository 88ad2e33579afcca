/** Where pino writes each serialized line (its `DestinationStream`). */
export interface LogStream {
  write(line: string): void;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Shown otherwise (time, level, message) or the same on every line of a process. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/**
 * The stream for a service's pino logger: none in production, where pino's JSON lines go to
 * stdout for a log pipeline to parse; elsewhere one that turns each into a line a person reads
 * (`formatLogLine`).
 */
export function createLogStream(
  env: { NODE_ENV?: string },
  write: (text: string) => void = (text) => process.stdout.write(text),
): LogStream | undefined {
  if (env.NODE_ENV === 'production') return undefined;
  return { write: (line) => write(formatLogLine(line)) };
}

/**
 * One pino JSON line as `12:03:04 WARN  message key=value`, in local time; an error's stack
 * follows on indented lines. A line that is not pino's JSON passes through unchanged.
 */
export function formatLogLine(line: string): string {
  const record = parseRecord(line);
  if (!record) return line;

  const parts: string[] = [];
  if (typeof record.time === 'number') parts.push(clockTime(new Date(record.time)));
  const level = typeof record.level === 'number' ? (LEVELS[record.level] ?? 'LOG') : 'LOG';
  parts.push(level.padEnd(5));
  if (typeof record.msg === 'string') parts.push(record.msg);
  const error = asError(record.err);
  for (const [key, value] of Object.entries(record)) {
    if (OMITTED.has(key) || (key === 'err' && error)) continue;
    parts.push(`${key}=${formatValue(value)}`);
  }
  const trace = error?.stack ?? error?.message;
  return `${parts.join(' ')}\n${trace ? `${trace.replace(/^/gm, '  ')}\n` : ''}`;
}

function parseRecord(line: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

function clockTime(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/** Bare when nothing in it could be misread as a separator; JSON otherwise. */
function formatValue(value: unknown): string {
  if (typeof value === 'string' && /^[^\s"=]+$/.test(value)) return value;
  return JSON.stringify(value);
}

/** Pino serializes an error as `{ type, message, stack }`; its stack says the most. */
function asError(err: unknown): { stack?: string; message?: string } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { stack, message } = err as Record<string, unknown>;
  return {
    stack: typeof stack === 'string' ? stack : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}
