#!/usr/bin/env node
// Vercel AI SDK: streamText with @ai-sdk/openai-compatible's chat model,
// on an OpenAI Chat Completions stream replayed through a custom fetch.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { main, providerBytes, replayFetch } from './lib/protocol.mjs';
import { runStreamText } from './lib/vercel.mjs';

await main(
  {
    name: 'Vercel AI SDK streamText + @ai-sdk/openai-compatible',
    packages: ['ai', '@ai-sdk/openai-compatible'],
    formats: ['openai-chat'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  (bytes, format) => {
    const provider = createOpenAICompatible({
      name: 'replay',
      baseURL: 'http://replay.invalid/v1',
      apiKey: 'replay',
      fetch: replayFetch(providerBytes(bytes, format)),
    });
    return runStreamText(provider.chatModel('replay-model'));
  },
);
