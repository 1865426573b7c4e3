// Drives the Vercel AI SDK's streamText on a replayed stream and collects
// what its full stream presents.

import { jsonSchema, streamText, tool } from 'ai';
import { argumentText } from './args.mjs';
import { describeError } from './protocol.mjs';

/**
 * A tool set that declares every name. The kit's streams call tools of any
 * name, and streamText turns a call of an undeclared tool into an invalid
 * call (NoSuchToolError), so every name is answered with one tool whose
 * schema accepts any JSON value and whose execute function, as the SDK's
 * docs show a tool, records the call it is run for: streamText runs a
 * tool's execute only for a call it hands over whole and valid, that the
 * provider did not run, and only when the model call ends with a finish
 * reason that allows tool execution (stop or tool-calls). Object.keys sees
 * one tool, "any", which is what the request (never sent anywhere)
 * declares.
 */
function everyTool(execute) {
  const any = tool({ description: 'any tool', inputSchema: jsonSchema({}), execute });
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
  interrupted: 'truncated', // the provider's stream ended without its completion signal
  other: 'other',
  unknown: 'other',
};

/**
 * Runs streamText on model and reads its full stream to the end.
 *
 * Calls: the tool-call parts of the full stream, in order, each with its
 * parsed input as its arguments, written as argumentText says (the input
 * deltas the SDK streamed for it, when they parse to that input). A call is
 * presented as finished ("complete") when streamText ran the tool's execute
 * for it, which is what an application whose tools have an execute
 * function gets: streamText runs a call only if it is valid, not run by the
 * provider, and only once the model call ended with a finish reason that
 * allows it (ai's isToolExecutionAllowedFinishReason: stop or tool-calls).
 * A call the provider ran (providerExecuted: a hosted tool, an MCP call or
 * approval request) is never run by streamText; it is presented as the
 * finished record the SDK hands over. A call the SDK marks invalid (its
 * input did not parse) is "invalid"; a valid call streamText did not run
 * is "incomplete", as is a call whose input the stream started
 * (tool-input-start) but that never became a tool-call part, with the
 * input deltas it got.
 *
 * Errors: streamText forwards an error part and goes on; it still runs the
 * calls the model call ended with. So an error part, an abort part or a
 * thrown error fails the stream closed (the answer's error) only when
 * streamText ran none of the calls: an application that acts on what
 * streamText ran has acted on the others.
 */
export async function runStreamText(model) {
  const calls = [];
  const open = new Map(); // tool-input id -> its call
  const ran = new Map(); // toolCallId -> how many times streamText ran it
  const handed = []; // [call, tool-call part] in the order the SDK handed them over
  const errors = [];
  let text = '';
  let thinking = '';
  let finish;
  const execute = async (_input, { toolCallId }) => {
    ran.set(toolCallId, (ran.get(toolCallId) ?? 0) + 1);
    return 'ran';
  };
  try {
    const result = streamText({
      model,
      prompt: 'replayed stream',
      tools: everyTool(execute),
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
          const streamed = started && !started.handed ? started.arguments : '';
          // An invalid call's input is the raw text that did not parse.
          const args =
            part.invalid && typeof part.input === 'string' ? part.input : argumentText(part.input, streamed);
          const c = { id: part.toolCallId, name: part.toolName, arguments: args, status: 'incomplete' };
          if (started && !started.handed) {
            Object.assign(started, c);
            started.handed = true;
            handed.push([started, part]);
          } else {
            c.handed = true;
            calls.push(c);
            handed.push([c, part]);
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
  for (const [c, part] of handed) {
    if (part.invalid) {
      c.status = 'invalid';
    } else if (part.providerExecuted) {
      c.status = 'complete';
    } else if ((ran.get(part.toolCallId) ?? 0) > 0) {
      ran.set(part.toolCallId, ran.get(part.toolCallId) - 1);
      c.status = 'complete';
    }
  }
  const answer = {
    calls: calls.map(({ id, name, arguments: args, status }) => ({ id, name, arguments: args, status })),
    stop_reason: finish === undefined ? 'none' : finishReasons[finish] ?? 'other',
    text,
    thinking,
  };
  if (errors.length > 0 && !answer.calls.some((c) => c.status === 'complete')) {
    answer.error = errors.join('; ');
  }
  return answer;
}
