#!/usr/bin/env node
// @anthropic-ai/sdk: client.messages.stream() on an Anthropic Messages
// stream replayed through a custom fetch; the calls are finalMessage()'s
// tool_use blocks (and its server_tool_use and mcp_tool_use blocks, which
// toolspec counts as calls too), their input JSON-stringified.
import Anthropic from '@anthropic-ai/sdk';
import { argumentText } from './lib/args.mjs';
import { canonicalRawStop, describeError, main, providerBytes, replayFetch } from './lib/protocol.mjs';

const callBlocks = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

await main(
  {
    name: '@anthropic-ai/sdk messages.stream finalMessage',
    packages: ['@anthropic-ai/sdk'],
    formats: ['anthropic'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  async (bytes, format) => {
    const client = new Anthropic({
      apiKey: 'replay',
      baseURL: 'http://replay.invalid',
      maxRetries: 0,
      fetch: replayFetch(providerBytes(bytes, format)),
      logLevel: 'off',
    });
    // The input text each block's input_json_delta events carried, as the
    // stream's own events report it (the message is rebuilt at each
    // message_start, as the SDK's snapshot is).
    let raw = [];
    let message;
    try {
      const stream = client.messages.stream({
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        messages: [{ role: 'user', content: 'replayed stream' }],
      });
      stream.on('streamEvent', (event) => {
        if (event.type === 'message_start') raw = [];
        if (event.type === 'content_block_delta' && event.delta?.type === 'input_json_delta') {
          raw[event.index] = (raw[event.index] ?? '') + event.delta.partial_json;
        }
      });
      message = await stream.finalMessage();
    } catch (err) {
      return { calls: [], error: describeError(err) };
    }
    const calls = [];
    let text = '';
    let thinking = '';
    try {
      message.content.forEach((block, i) => {
        if (block.type === 'text') text += block.text;
        if (block.type === 'thinking') thinking += block.thinking;
        if (callBlocks.has(block.type)) {
          calls.push({
            id: block.id ?? '',
            name: block.name ?? '',
            // A block without input (one a message_start carried whole) has
            // no arguments: "" is the protocol's "none", not JSON null.
            arguments: block.input === undefined ? '' : argumentText(block.input, raw[i] ?? ''),
            status: 'complete',
          });
        }
      });
    } catch (err) {
      // Reading a block's input parses it; a failure there is the SDK's.
      return { calls: [], error: describeError(err) };
    }
    return { calls, stop_reason: canonicalRawStop(format, message.stop_reason), text, thinking };
  },
);
