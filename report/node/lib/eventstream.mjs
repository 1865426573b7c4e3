// AWS event-stream encoding (application/vnd.amazon.eventstream), written
// from the public description of the format
// (https://docs.aws.amazon.com/AmazonS3/latest/API/RESTSelectObjectAppendix.html,
// https://docs.aws.amazon.com/lexv2/latest/dg/event-stream-encoding.html):
// a message is a 12-byte prelude (total length, headers length, both
// big-endian uint32, and the prelude's CRC32), the headers, the payload, and
// the CRC32 of everything before it. A header is its name's length (one
// byte), the name, a value type (7: string), the value's length (uint16) and
// the value.
//
// Bedrock's ConverseStream sends its events this way. A stream the kit hands
// over in JSON lines, one {"<eventType>": payload} object a line (the form
// SDK fixtures record, FRAME-2), is encoded back into the frames a provider
// would have sent.

import { crc32 } from 'node:zlib';

/** One event-stream message with string headers and a payload. */
export function encodeMessage(headers, payload) {
  const hs = [];
  for (const [name, value] of Object.entries(headers)) {
    const n = Buffer.from(name, 'utf8');
    const v = Buffer.from(value, 'utf8');
    const h = Buffer.alloc(1 + n.length + 1 + 2 + v.length);
    h.writeUInt8(n.length, 0);
    n.copy(h, 1);
    h.writeUInt8(7, 1 + n.length);
    h.writeUInt16BE(v.length, 2 + n.length);
    v.copy(h, 4 + n.length);
    hs.push(h);
  }
  const head = Buffer.concat(hs);
  const body = Buffer.from(payload);
  const total = 12 + head.length + body.length + 4;
  const msg = Buffer.alloc(total);
  msg.writeUInt32BE(total, 0);
  msg.writeUInt32BE(head.length, 4);
  msg.writeUInt32BE(crc32(msg.subarray(0, 8)), 8);
  head.copy(msg, 12);
  body.copy(msg, 12 + head.length);
  msg.writeUInt32BE(crc32(msg.subarray(0, total - 4)), total - 4);
  return msg;
}

/**
 * The stream as event-stream bytes. Binary event-stream passes through
 * untouched; JSON lines become one message a non-blank line: an object with
 * one member is the event that member names (:message-type event, or
 * exception with :exception-type for a name ending in Exception, as Bedrock
 * sends its errors), its value the JSON payload. A line that is not one
 * such object is a message of the event its text opens with, the line as
 * its payload; the last line, cut inside its JSON with no line break after
 * it (a cut stream), is a message cut short, without its message CRC, as a
 * cut event-stream ends.
 */
export function eventStreamBytes(bytes) {
  let i = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && ' \t\r\n'.includes(String.fromCharCode(bytes[i]))) i++;
  if (i === bytes.length || (bytes[i] !== 0x7b && bytes[i] !== 0x5b)) return bytes;
  const text = bytes.subarray(i).toString('utf8');
  const lines = text.split('\n');
  const endsWithEOL = text.endsWith('\n');
  if (endsWithEOL) lines.pop();
  const out = [];
  lines.forEach((raw, k) => {
    const line = raw.trim();
    if (line === '') return;
    let v;
    let parsed = true;
    try {
      v = JSON.parse(line);
    } catch {
      parsed = false;
    }
    const keys = parsed && v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [];
    // The event type: the one member's name, or, for a line that is not one
    // such object, the name its text opens with.
    const type = keys.length === 1 ? keys[0] : (/^\{\s*"([^"\\]*)"/.exec(line)?.[1] ?? 'message');
    const payload = keys.length === 1 ? JSON.stringify(v[type]) : line;
    const headers = type.endsWith('Exception')
      ? { ':message-type': 'exception', ':exception-type': type, ':content-type': 'application/json' }
      : { ':message-type': 'event', ':event-type': type, ':content-type': 'application/json' };
    const m = encodeMessage(headers, payload);
    const cut = !parsed && k === lines.length - 1 && !endsWithEOL;
    out.push(cut ? m.subarray(0, m.length - 4) : m);
  });
  return Buffer.concat(out);
}
