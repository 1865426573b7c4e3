// The one-shot adapter protocol (docs/adapter-protocol.md) as the adapters
// of this package speak it: read the stream's bytes from standard input,
// hand them to a library through a fetch that answers with them, and print
// one JSON answer object on standard output.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The exact version of an installed package, read from its package.json. */
export function installedVersion(pkg) {
  // Some packages do not export ./package.json; find it through the
  // resolved entry point instead.
  let dir = require.resolve(pkg);
  for (;;) {
    const up = dir.slice(0, dir.lastIndexOf('/'));
    if (up === dir || up === '') throw new Error(`no package.json for ${pkg}`);
    dir = up;
    try {
      const meta = JSON.parse(readFileSync(dir + '/package.json', 'utf8'));
      if (meta.name === pkg) return meta.version;
    } catch {
      // not the package's own directory yet
    }
  }
}

/**
 * Runs an adapter. desc is its self-description ({name, packages, formats,
 * claims}); reassemble(bytes, format) returns the answer object. With
 * --describe the adapter prints its description (name, the exact versions
 * of the packages it drives, formats, claims) as one JSON line instead.
 */
export async function main(desc, reassemble) {
  // Standard output carries the answer alone: whatever a library logs goes
  // to standard error, which the kit shows when an answer is missing.
  console.log = console.info = console.debug = (...args) => console.error(...args);
  globalThis.AI_SDK_LOG_WARNINGS = false;
  if (process.argv.includes('--describe')) {
    const versions = desc.packages.map((p) => `${p}@${installedVersion(p)}`);
    process.stdout.write(
      JSON.stringify({
        name: desc.name,
        version: versions.join(' '),
        formats: desc.formats,
        claims: desc.claims,
        node: process.version,
      }) + '\n',
    );
    return;
  }
  const format = process.env.TOOLSPEC_FORMAT || formatFlag() || desc.formats[0];
  let answer;
  try {
    if (!desc.formats.includes(format)) {
      throw new Error(`format ${format} is not one of ${desc.formats.join(', ')}`);
    }
    answer = await reassemble(readFileSync(0), format);
  } catch (err) {
    answer = { calls: [], error: describeError(err) };
  }
  await new Promise((resolve) => process.stdout.write(JSON.stringify(answer) + '\n', resolve));
  // A library may leave timers or sockets behind; the answer is out.
  process.exit(0);
}

function formatFlag() {
  const i = process.argv.indexOf('--format');
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A one-line account of an error: its name, message and cause. */
export function describeError(err) {
  if (err == null) return 'unknown error';
  if (typeof err !== 'object') return String(err);
  let s = `${err.name ?? 'Error'}: ${err.message ?? String(err)}`;
  if (err.cause && err.cause !== err) s += ` (cause: ${describeError(err.cause)})`;
  return s || 'error';
}

/**
 * The bytes the library is given. Server-sent events and Bedrock's binary
 * event-stream pass through untouched. JSON lines (one payload per line,
 * the form SDK fixtures record, FRAME-2) are not what any of these
 * libraries reads, so they are written back as the server-sent events a
 * provider would have sent: one event per non-blank line, with the
 * payload's type as the event name where the format names its events
 * (anthropic, openai-responses), and [DONE] unnamed. A last line cut
 * inside its JSON stays the last event, without the blank line that would
 * dispatch it, as in a cut SSE stream.
 */
export function providerBytes(bytes, format) {
  let text = bytes.toString('latin1'); // byte-preserving; re-encoded below
  let i = 0;
  if (text.startsWith('\xEF\xBB\xBF')) i = 3;
  while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  if (i === text.length || (text[i] !== '{' && text[i] !== '[')) return bytes;
  text = text.slice(i);
  const named = format === 'anthropic' || format === 'openai-responses';
  const lines = text.split('\n');
  const endsWithEOL = text.endsWith('\n');
  if (endsWithEOL) lines.pop();
  let out = '';
  lines.forEach((raw, k) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let event = '';
    if (named && line.trim() !== '[DONE]') {
      try {
        const v = JSON.parse(Buffer.from(line, 'latin1').toString('utf8'));
        event = v && typeof v === 'object' && typeof v.type === 'string' ? v.type : 'message';
      } catch {
        event = 'message';
      }
      // An event name cannot hold a line break.
      event = event.replace(/[\r\n]/g, ' ');
    }
    if (event) out += 'event: ' + Buffer.from(event, 'utf8').toString('latin1') + '\n';
    out += 'data: ' + line + '\n';
    const last = k === lines.length - 1;
    if (!last || endsWithEOL || isJSON(line)) out += '\n';
  });
  return Buffer.from(out, 'latin1');
}

function isJSON(line) {
  try {
    JSON.parse(Buffer.from(line, 'latin1').toString('utf8'));
    return true;
  } catch {
    return line.trim() === '[DONE]';
  }
}

/**
 * A fetch that answers every request with status 200 and body, as
 * text/event-stream (or Bedrock's content type), streamed in one chunk.
 */
export function replayFetch(body, contentType = 'text/event-stream') {
  return async (_url, _init) =>
    new Response(
      new ReadableStream({
        start(controller) {
          if (body.length > 0) controller.enqueue(new Uint8Array(body));
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': contentType } },
    );
}

/** toolspec's canonical stop reasons for a format's raw reasons (END-4). */
const rawStops = {
  'openai-chat': {
    stop: 'end',
    tool_calls: 'tool_use',
    function_call: 'tool_use',
    length: 'length',
    content_filter: 'content_filter',
    error: 'error',
  },
  anthropic: {
    end_turn: 'end',
    tool_use: 'tool_use',
    max_tokens: 'length',
    model_context_window_exceeded: 'length',
    stop_sequence: 'stop_sequence',
    refusal: 'refusal',
    pause_turn: 'pause',
  },
};

/**
 * The canonical name of a raw stop reason a library passes through
 * verbatim: the END-4 table, without END-4's refinement by calls (the
 * adapter reports what the library says). null or undefined is "none".
 */
export function canonicalRawStop(format, raw) {
  if (raw == null) return 'none';
  return rawStops[format]?.[raw] ?? 'other';
}
