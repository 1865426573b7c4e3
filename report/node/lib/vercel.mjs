// Drives the Vercel AI SDK's streamText on a replayed stream and collects
// what its full stream presents.

import { jsonSchema, streamText, tool } from 'ai';
import { argumentText } from './args.mjs';
import { describeError } from './protocol.mjs';

/**
 * A tool set that declares every name. The kit's streams call tools of any
 * name, and streamText turns a call of an undeclared tool into an invalid
 * call (NoSuchToolError), so every name is answered with one tool whose
 * schema accepts any JSON value and that has no execute function: the
 * SDK parses and presents each call but runs nothing. Object.keys sees one
 * tool, "any", which is what the request (never sent anywhere) declares.
 */
function everyTool() {
  const any = tool({ description: 'any tool', inputSchema: jsonSchema({}) });
  const skip = new Set(['then', 'toJSON']);
  return new Proxy(
    { any },
    {
      has: (_t, k) => typeof k === 'string' && !skip.has(k),
      get: (_t, k) => (typeof k === 'string' && !skip.has(k) ? any : undefined),
      getOwnPropertyDescriptor: (_t, k) =>
        typeof k === 'string' && !skip.has(k)
          ? { value: any, writable: true, enumerable: k === 'any', configurable: true }
          : undefined,
      ownKeys: () => ['any'],
    },
  );
}

/** streamText's unified finish reasons in toolspec's canonical names. */
const finishReasons = {
  'tool-calls': 'tool_use',
  stop: 'end',
  length: 'length',
  'content-filter': 'content_filter',
  error: 'error',
  other: 'other',
  unknown: 'other',
};

/**
 * Runs streamText on model and reads its full stream to the end.
 *
 * Calls: every tool-call part is a call the SDK presents as finished
 * ("complete"), unless the SDK marks it invalid (its input did not parse:
 * "invalid"); its arguments are its parsed input, written as argumentText
 * says (the input deltas the SDK streamed for it, when they parse to that
 * input). A call whose input the stream started (tool-input-start) but
 * that never became a tool-call part is "incomplete", with the input
 * deltas it got. The full stream is read rather than the result's
 * toolCalls because a tool-call part is the moment the SDK hands a call to
 * the application (where a tool's execute runs), and because the parts
 * also show what toolCalls leave out: the calls it never finished, and the
 * error parts.
 *
 * Errors: an error part, an abort part, or a thrown error fails the
 * stream closed (the answer's error), as an application that stops on
 * them would.
 */
export async function runStreamText(model) {
  const calls = [];
  const open = new Map(); // tool-input id -> its call
  const errors = [];
  let text = '';
  let thinking = '';
  let finish;
  try {
    const result = streamText({
      model,
      prompt: 'replayed stream',
      tools: everyTool(),
      maxRetries: 0,
      onError: () => {}, // the error parts are read below
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          break;
        case 'reasoning-delta':
          thinking += part.text;
          break;
        case 'tool-input-start': {
          const c = { id: part.id, name: part.toolName, arguments: '', status: 'incomplete' };
          calls.push(c);
          open.set(part.id, c);
          break;
        }
        case 'tool-input-delta': {
          const c = open.get(part.id);
          if (c) c.arguments += part.delta;
          break;
        }
        case 'tool-call': {
          const started = open.get(part.toolCallId);
          const streamed = started && started.status === 'incomplete' ? started.arguments : '';
          // An invalid call's input is the raw text that did not parse.
          const args =
            part.invalid && typeof part.input === 'string' ? part.input : argumentText(part.input, streamed);
          const c = {
            id: part.toolCallId,
            name: part.toolName,
            arguments: args,
            status: part.invalid ? 'invalid' : 'complete',
          };
          if (started && started.status === 'incomplete') {
            Object.assign(started, c);
          } else {
            calls.push(c);
          }
          break;
        }
        case 'finish':
          finish = part.finishReason;
          break;
        case 'error':
          errors.push(describeError(part.error));
          break;
        case 'abort':
          errors.push('aborted' + (part.reason ? ': ' + String(part.reason) : ''));
          break;
      }
    }
  } catch (err) {
    errors.push(describeError(err));
  }
  const answer = {
    calls,
    stop_reason: finish === undefined ? 'none' : finishReasons[finish] ?? 'other',
    text,
    thinking,
  };
  if (errors.length > 0) answer.error = errors.join('; ');
  return answer;
}
