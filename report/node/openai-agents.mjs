#!/usr/bin/env node
// @openai/agents (the OpenAI Agents SDK): an Agent with function tools,
// run(agent, input, { stream: true }) over its default model, the
// Responses model (OpenAIResponsesModel), on an openai client whose
// custom fetch answers with an OpenAI Responses stream. The agent's
// toolUseBehavior is 'stop_on_first_tool', which its docs give as "The
// output of the first tool call is used as the final output": the run
// ends after the first model response, with the tools run once for the
// calls it holds; a response without a function call ends the run at
// maxTurns 1 (its maxTurns error handler gives an empty final output). A
// tool is a stub that records the call it is run for.
// The calls are the function calls of the stream's run_item_stream_event
// tool_called events, finished when the SDK ran the tool for them (it
// does only for a call whose arguments parse as JSON).
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool } from '@openai/agents';
import OpenAI from 'openai';
import { main, providerBytes, replayFetch } from './lib/protocol.mjs';

// No trace leaves the process.
setTracingDisabled(true);

await main(
  {
    name: '@openai/agents run stream tool_called items',
    packages: ['@openai/agents', '@openai/agents>@openai/agents-core', '@openai/agents>@openai/agents-openai', '@openai/agents-openai>openai'],
    formats: ['openai-responses'],
    claims: ['text'],
  },
  async (bytes, format) => {
    const body = providerBytes(bytes, format);
    const client = new OpenAI({
      apiKey: 'replay',
      baseURL: 'http://replay.invalid/v1',
      maxRetries: 0,
      fetch: replayFetch(body),
    });
    const ran = new Set();
    const agent = new Agent({
      name: 'replay',
      instructions: 'Call the tools the request needs.',
      model: new OpenAIResponsesModel(client, 'gpt-5'),
      tools: toolsFor(body, ran),
      toolUseBehavior: 'stop_on_first_tool',
    });
    // One model response: a response with no function call would have the
    // runner call the model again (the replayed stream, anew); maxTurns 1
    // stops it there, and the maxTurns error handler ends the run with an
    // empty final output instead of raising MaxTurnsExceededError.
    const result = await run(agent, 'replayed stream', {
      stream: true,
      maxTurns: 1,
      errorHandlers: { maxTurns: () => ({ finalOutput: '', includeInHistory: false }) },
    });
    const called = [];
    for await (const event of result) {
      if (event.type === 'run_item_stream_event' && event.name === 'tool_called') called.push(event.item);
    }
    await result.completed;
    if (result.error) throw result.error;
    const calls = [];
    for (const item of called) {
      const raw = item.rawItem;
      if (raw?.type !== 'function_call') continue;
      calls.push({
        id: str(raw.callId),
        name: str(raw.name),
        arguments: str(raw.arguments),
        status: ran.has(raw) ? 'complete' : 'not-run',
      });
    }
    let text = '';
    for (const item of result.newItems) {
      if (item.type !== 'message_output_item') continue;
      for (const part of item.rawItem?.content ?? []) {
        if (part.type === 'output_text') text += part.text ?? '';
      }
    }
    return { calls, text };
  },
);

function str(v) {
  return typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v);
}

/**
 * The agent's tools: one for every name the stream mentions (a string
 * under a "name" key), as an application declares the tools its model
 * calls; the kit's streams call tools of any name, and a call of a tool
 * the agent lacks makes the SDK raise whatever its reassembly did. Each
 * accepts any JSON object (strict: false), and its execute records the
 * call it is run for and returns a stub output.
 */
function toolsFor(body, ran) {
  const text = body.toString('utf8');
  const names = new Set();
  for (const m of text.matchAll(/"name"\s*:\s*("(?:[^"\\]|\\.)*")/g)) {
    try {
      const name = JSON.parse(m[1]);
      if (typeof name === 'string' && name !== '') names.add(name);
    } catch {
      // not a JSON string
    }
  }
  if (names.size === 0) names.add('replay_tool');
  const tools = [];
  const seen = new Set();
  for (const name of names) {
    let t;
    try {
      t = tool({
        name,
        description: `The tool ${name}.`,
        parameters: { type: 'object', properties: {}, additionalProperties: true },
        strict: false,
        execute: async (_input, _context, details) => {
          if (details?.toolCall) ran.add(details.toolCall);
          return 'ok';
        },
      });
    } catch {
      continue; // a name the SDK does not take for a tool
    }
    if (seen.has(t.name)) continue;
    seen.add(t.name);
    tools.push(t);
  }
  return tools;
}
