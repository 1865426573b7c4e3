#!/usr/bin/env node
// Vercel AI SDK: streamText with @ai-sdk/anthropic, on an Anthropic
// Messages stream replayed through a custom fetch.
import { createAnthropic } from '@ai-sdk/anthropic';
import { main, providerBytes, replayFetch } from './lib/protocol.mjs';
import { runStreamText } from './lib/vercel.mjs';

await main(
  {
    name: 'Vercel AI SDK streamText + @ai-sdk/anthropic',
    packages: ['ai', '@ai-sdk/anthropic'],
    formats: ['anthropic'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  (bytes, format) => {
    const provider = createAnthropic({
      baseURL: 'http://replay.invalid/v1',
      apiKey: 'replay',
      fetch: replayFetch(providerBytes(bytes, format)),
    });
    return runStreamText(provider('claude-sonnet-4-5'));
  },
);
