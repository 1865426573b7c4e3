#!/usr/bin/env node
// ollama (ollama-js): new Ollama({host, fetch}).chat({stream: true}) on an
// Ollama /api/chat stream (JSON lines) replayed through the client's custom
// fetch; the calls are every chunk's message.tool_calls, collected as
// Ollama's documentation of streaming with tool calling does (every chunk's
// tool_calls appended), their arguments (an object) written back as JSON.
import { Ollama } from 'ollama';
import { describeError, main, replayFetch } from './lib/protocol.mjs';
import { canonicalStop } from './lib/stops.mjs';

await main(
  {
    name: 'ollama chat stream',
    packages: ['ollama'],
    formats: ['ollama'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  async (bytes, format) => {
    // Ollama's own framing is JSON lines: the bytes pass through.
    const client = new Ollama({
      host: 'http://replay.invalid:11434',
      fetch: replayFetch(bytes, 'application/x-ndjson'),
    });
    const toolCalls = [];
    let text = '';
    let thinking = '';
    let stop = 'none';
    try {
      const stream = await client.chat({
        model: 'replay-model',
        messages: [{ role: 'user', content: 'replayed stream' }],
        stream: true,
      });
      for await (const part of stream) {
        const m = part.message ?? {};
        if (m.thinking) thinking += m.thinking;
        if (m.content) text += m.content;
        if (m.tool_calls) toolCalls.push(...m.tool_calls);
        if (part.done) stop = canonicalStop(format, part.done_reason ?? '');
      }
    } catch (err) {
      return { calls: [], error: describeError(err) };
    }
    // ollama-js's ToolCall is {function: {name, arguments}}: it has no id.
    const calls = toolCalls.map((tc) => ({
      id: '',
      name: tc.function?.name ?? '',
      arguments: JSON.stringify(tc.function?.arguments ?? {}),
      status: 'complete',
    }));
    return { calls, stop_reason: stop, text, thinking };
  },
);
