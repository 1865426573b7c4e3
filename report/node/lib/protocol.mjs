// The adapter protocol (docs/adapter-protocol.md) as the adapters of this
// package speak it. An adapter calls main(desc, reassemble), and main speaks
//
// - the one-shot form (the default): the stream's bytes on standard input,
//   the format in TOOLSPEC_FORMAT (or --format), one JSON answer on
//   standard output;
// - the persistent form (--serve): a handshake, then one request and one
//   answer a line, so that Node starts and loads the library once for a
//   whole run rather than once per stream;
// - --describe: one JSON line with the adapter's name, the exact version of
//   every package it drives, its formats and claims, and the Node version.
//
// reassemble hands the bytes to the library through a fetch that answers
// with them (replayFetch) and returns the answer object.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);

/**
 * The exact version of an installed package, read from its package.json.
 * pkg is a package name, or "parent>name" for the copy of name that the
 * package parent loads (its own, when npm installed one apart).
 */
export function installedVersion(pkg) {
  let req = require;
  const k = pkg.lastIndexOf('>');
  if (k >= 0) {
    req = createRequire(require.resolve(pkg.slice(0, k)));
    pkg = pkg.slice(k + 1);
  }
  // Some packages do not export ./package.json; find it through the
  // resolved entry point instead.
  let dir = req.resolve(pkg);
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
 * The description of an adapter, as its --describe line and its handshake
 * give it: the name, the exact versions of the packages it drives
 * (package@version, space-separated), its formats and claims.
 */
export function description(desc) {
  return {
    name: desc.name,
    version: desc.packages.map((p) => `${p.slice(p.lastIndexOf('>') + 1)}@${installedVersion(p)}`).join(' '),
    formats: [...desc.formats],
    claims: [...desc.claims],
  };
}

/**
 * Runs an adapter. desc is its self-description ({name, packages, formats,
 * claims}); reassemble(bytes, format) returns the answer object. With
 * --describe the adapter prints its description (name, the exact versions
 * of the packages it drives, formats, claims) as one JSON line instead;
 * with --serve it speaks the persistent form.
 */
export async function main(desc, reassemble) {
  // Standard output carries the answers alone: whatever a library logs goes
  // to standard error, which the kit shows when an answer is missing.
  console.log = console.info = console.debug = (...args) => console.error(...args);
  globalThis.AI_SDK_LOG_WARNINGS = false;
  // A promise a library leaves rejected behind its user's back is no
  // answer of its API: it is logged, and the process goes on (Node would
  // otherwise exit, in either form, before the answer is out).
  process.on('unhandledRejection', (err) => console.error('unhandled rejection: ' + describeError(err)));
  if (process.argv.includes('--describe')) {
    await write(JSON.stringify({ ...description(desc), node: process.version }) + '\n');
    return;
  }
  if (process.argv.includes('--serve')) {
    await serve(desc, reassemble);
    process.exit(0);
  }
  const format = process.env.TOOLSPEC_FORMAT || formatFlag() || desc.formats[0];
  const answer = await runOne(desc, reassemble, readFileSync(0), format);
  await write(JSON.stringify(answer) + '\n');
  // A library may leave timers or sockets behind; the answer is out.
  process.exit(0);
}

/** The answer for one stream: reassemble's, or the error it threw. */
async function runOne(desc, reassemble, bytes, format) {
  try {
    if (!desc.formats.includes(format)) {
      throw new Error(`format ${format} is not one of ${desc.formats.join(', ')}`);
    }
    return await reassemble(bytes, format);
  } catch (err) {
    return { calls: [], error: describeError(err) };
  }
}

/**
 * The persistent form: one JSON object a line each way, read and answered
 * in order (the kit sends a request only once the previous one is
 * answered). {"cmd":"start","version":1} is answered with the protocol's
 * version and the adapter's description, {"cmd":"run",...} with the
 * answer for its stream and its seq; {"cmd":"stop"} or the end of input
 * ends the process. A line that is not a JSON object is the kit's fault,
 * not the library's: it ends the process with status 2 (the kit starts it
 * again).
 */
async function serve(desc, reassemble) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let req;
    try {
      req = JSON.parse(line);
    } catch (err) {
      console.error(`--serve: a request that is not JSON: ${describeError(err)}`);
      process.exit(2);
    }
    let answer;
    if (req?.cmd === 'start') {
      answer =
        req.version === 1
          ? { version: 1, adapter: description(desc) }
          : { version: 1, error: `this adapter speaks version 1, not ${JSON.stringify(req.version)}` };
    } else if (req?.cmd === 'run') {
      const bytes = Buffer.from(typeof req.stream === 'string' ? req.stream : '', 'base64');
      answer = { ...(await runOne(desc, reassemble, bytes, req.format)), seq: req.seq };
    } else if (req?.cmd === 'stop') {
      return;
    } else {
      continue;
    }
    await write(JSON.stringify(answer) + '\n');
  }
}

/** Writes s to standard output and waits until it is out. */
function write(s) {
  return new Promise((resolve, reject) => process.stdout.write(s, (err) => (err ? reject(err) : resolve())));
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

/**
 * toolspec's canonical stop reasons for a format's raw reasons: the END-4
 * table of SPEC.md (spec.StopTable), for the formats whose SDKs pass the
 * raw reason through.
 */
const rawStops = {
  'openai-chat': {
    stop: 'end',
    tool_calls: 'tool_use',
    function_call: 'tool_use',
    length: 'length',
    model_length: 'length',
    content_filter: 'content_filter',
    error: 'error',
    insufficient_system_resource: 'error',
    abort: 'error',
  },
  anthropic: {
    end_turn: 'end',
    tool_use: 'tool_use',
    max_tokens: 'length',
    model_context_window_exceeded: 'length',
    stop_sequence: 'stop_sequence',
    refusal: 'refusal',
    pause_turn: 'pause',
    compaction: 'pause',
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
