#!/usr/bin/env node
// The openai npm package: client.chat.completions.stream() on an OpenAI
// Chat Completions stream replayed through a custom fetch; the calls are
// the tool_calls of finalChatCompletion()'s messages.
import OpenAI from 'openai';
import { canonicalRawStop, describeError, main, providerBytes, replayFetch } from './lib/protocol.mjs';

await main(
  {
    name: 'openai chat.completions.stream finalChatCompletion',
    packages: ['openai'],
    formats: ['openai-chat'],
    claims: ['stop-reason', 'text'],
  },
  async (bytes, format) => {
    const client = new OpenAI({
      apiKey: 'replay',
      baseURL: 'http://replay.invalid/v1',
      maxRetries: 0,
      fetch: replayFetch(providerBytes(bytes, format)),
      logLevel: 'off',
    });
    let completion;
    try {
      const stream = client.chat.completions.stream({
        model: 'replay-model',
        messages: [{ role: 'user', content: 'replayed stream' }],
      });
      completion = await stream.finalChatCompletion();
    } catch (err) {
      return { calls: [], error: describeError(err) };
    }
    const calls = [];
    let text = '';
    let stop = 'none';
    const choices = [...completion.choices].sort((a, b) => a.index - b.index);
    for (const choice of choices) {
      const m = choice.message ?? {};
      if (typeof m.content === 'string') text += m.content;
      // A legacy function call (a request that declared functions) is the
      // message's function_call, which the SDK keeps apart from tool_calls.
      if (m.function_call) {
        calls.push({
          id: '',
          name: m.function_call.name ?? '',
          arguments: m.function_call.arguments ?? '',
          status: 'complete',
        });
      }
      for (const tc of m.tool_calls ?? []) {
        const fn = tc.function ?? tc.custom ?? {};
        calls.push({
          id: tc.id ?? '',
          name: fn.name ?? '',
          arguments: fn.arguments ?? fn.input ?? '',
          status: 'complete',
        });
      }
      stop = canonicalRawStop(format, choice.finish_reason);
    }
    return { calls, stop_reason: stop, text };
  },
);
