#!/usr/bin/env node
// @aws-sdk/client-bedrock-runtime: BedrockRuntimeClient.send(new
// ConverseStreamCommand(...)) on a Bedrock ConverseStream response
// (application/vnd.amazon.eventstream) served by an HTTP server on
// 127.0.0.1 (the client's endpoint; static credentials, one attempt); the
// response's stream of ConverseStreamOutput events is read as the Bedrock
// user guide's tool-use example reads it: a contentBlockStart's toolUse opens
// a call, the toolUse.input of its contentBlockDelta events are concatenated,
// and its contentBlockStop finishes it, the input parsed as JSON.
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { eventStreamBytes } from './lib/eventstream.mjs';
import { describeError, main } from './lib/protocol.mjs';
import { serve } from './lib/replay-server.mjs';
import { canonicalStop } from './lib/stops.mjs';

await main(
  {
    name: '@aws-sdk/client-bedrock-runtime ConverseStreamCommand',
    packages: ['@aws-sdk/client-bedrock-runtime'],
    formats: ['bedrock'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  async (bytes, format) => {
    // The client's default request handler speaks HTTP/2.
    const endpoint = await serve(eventStreamBytes(bytes), 'application/vnd.amazon.eventstream', { h2: true });
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'replay', secretAccessKey: 'replay' },
      maxAttempts: 1,
    });
    // The calls in the order their blocks started, and each open one by its
    // contentBlockIndex.
    const calls = [];
    const open = new Map();
    let text = '';
    let thinking = '';
    let raw;
    try {
      const response = await client.send(
        new ConverseStreamCommand({
          modelId: 'replay-model',
          messages: [{ role: 'user', content: [{ text: 'replayed stream' }] }],
        }),
      );
      for await (const event of response.stream ?? []) {
        if (event.contentBlockStart?.start?.toolUse) {
          const tu = event.contentBlockStart.start.toolUse;
          const call = { id: tu.toolUseId ?? '', name: tu.name ?? '', input: '', status: 'incomplete' };
          calls.push(call);
          open.set(event.contentBlockStart.contentBlockIndex, call);
        } else if (event.contentBlockDelta) {
          const { delta, contentBlockIndex } = event.contentBlockDelta;
          if (delta?.toolUse) {
            const call = open.get(contentBlockIndex);
            if (call) call.input += delta.toolUse.input ?? '';
          } else if (typeof delta?.text === 'string') {
            text += delta.text;
          } else if (typeof delta?.reasoningContent?.text === 'string') {
            thinking += delta.reasoningContent.text;
          }
        } else if (event.contentBlockStop) {
          const i = event.contentBlockStop.contentBlockIndex;
          const call = open.get(i);
          if (call) {
            open.delete(i);
            finish(call);
          }
        } else if (event.messageStop) {
          raw = event.messageStop.stopReason;
        }
      }
    } catch (err) {
      return { calls: [], error: describeError(err) };
    } finally {
      // Its HTTP/2 session is not reused by the next stream's client.
      client.destroy();
    }
    return {
      calls: calls.map(({ id, name, input, status }) => ({ id, name, arguments: input, status })),
      stop_reason: canonicalStop(format, raw),
      text,
      thinking,
    };
  },
);

// finish marks a call whose block stopped: complete when its input parses
// as JSON, as the user guide's example parses it at contentBlockStop, and
// invalid otherwise. No input at all is the empty object: Converse's toolUse
// input is a JSON document, and a tool without parameters is called with {}.
function finish(call) {
  if (call.input === '') {
    call.input = '{}';
    call.status = 'complete';
    return;
  }
  try {
    JSON.parse(call.input);
    call.status = 'complete';
  } catch {
    call.status = 'invalid';
  }
}
