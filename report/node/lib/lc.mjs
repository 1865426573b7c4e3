// What a LangChain.js chat model's stream hands its user: the
// AIMessageChunks of .stream(), merged with concat from
// @langchain/core/utils/stream as LangChain.js's documentation of streaming
// tool calls does, and read as the merged message's tool_calls (parsed,
// ready to run), invalid_tool_calls and tool_call_chunks.

import { concat } from '@langchain/core/utils/stream';
import { argumentText } from './args.mjs';

/**
 * The tool the requests declare (never sent anywhere): bindTools takes a
 * tool in OpenAI's function form and converts it for each provider. The
 * kit's streams call tools of any name; LangChain.js does not check a
 * streamed call's name against the bound tools.
 */
export const anyTool = {
  type: 'function',
  function: { name: 'any', description: 'any tool', parameters: { type: 'object', properties: {} } },
};

/** Reads model.stream(input) to the end and merges its chunks with concat. */
export async function streamMerged(model, input = 'replayed stream') {
  let full;
  for await (const chunk of await model.stream(input)) {
    full = full === undefined ? chunk : concat(full, chunk);
  }
  return full;
}

/**
 * The calls of a merged AIMessageChunk, in the order of its
 * tool_call_chunks (from which LangChain.js makes tool_calls and
 * invalid_tool_calls, one per group of chunks, in that order): a
 * tool_calls entry is finished ("complete"), its parsed args written back
 * as JSON (the chunks' args text when it parses to the same value); an
 * invalid_tool_calls entry is "invalid", with its args text. A legacy
 * function_call, kept in additional_kwargs as the provider's raw data and
 * no tool call LangChain.js hands over to run, is "raw", not finished.
 */
export function callsOf(full) {
  const valid = [...(full.tool_calls ?? [])];
  const invalid = [...(full.invalid_tool_calls ?? [])];
  const calls = [];
  const take = (queue, tcc) =>
    queue.length > 0 && (queue[0].id ?? '') === (tcc.id ?? '') && (queue[0].name || '') === (tcc.name || '')
      ? queue.shift()
      : undefined;
  for (const tcc of full.tool_call_chunks ?? []) {
    let tc = take(valid, tcc);
    if (tc) {
      calls.push(validCall(tc, typeof tcc.args === 'string' ? tcc.args : ''));
      continue;
    }
    tc = take(invalid, tcc);
    if (tc) calls.push(textCall(tc.id, tc.name, tc.args, 'invalid'));
  }
  const fc = full.additional_kwargs?.function_call;
  if (fc && typeof fc === 'object') calls.push(textCall('', fc.name, fc.arguments, 'raw'));
  for (const tc of valid) calls.push(validCall(tc, ''));
  for (const tc of invalid) calls.push(textCall(tc.id, tc.name, tc.args, 'invalid'));
  return calls;
}

function validCall(tc, raw) {
  return { id: str(tc.id), name: str(tc.name), arguments: argumentText(tc.args, raw), status: 'complete' };
}

function textCall(id, name, args, status) {
  if (args != null && typeof args !== 'string') {
    return { id: str(id), name: str(name), arguments: JSON.stringify(args), status: 'invalid' };
  }
  return { id: str(id), name: str(name), arguments: args ?? '', status };
}

function str(v) {
  return v == null ? '' : String(v);
}

/**
 * The text (or, kind "thinking", the thinking) of a merged message: its
 * content when a string, else its content blocks of that kind.
 */
export function textOf(full, kind = 'text') {
  const content = full.content;
  if (typeof content === 'string') return kind === 'text' ? content : '';
  let out = '';
  for (const block of content ?? []) {
    if (typeof block === 'string') {
      if (kind === 'text') out += block;
    } else if (block && block.type === kind && typeof block[kind] === 'string') {
      out += block[kind];
    }
  }
  return out;
}
