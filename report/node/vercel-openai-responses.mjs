#!/usr/bin/env node
// Vercel AI SDK: streamText with @ai-sdk/openai's Responses model, on an
// OpenAI Responses stream replayed through a custom fetch.
import { createOpenAI } from '@ai-sdk/openai';
import { main, providerBytes, replayFetch } from './lib/protocol.mjs';
import { runStreamText } from './lib/vercel.mjs';

await main(
  {
    name: 'Vercel AI SDK streamText + @ai-sdk/openai Responses',
    packages: ['ai', '@ai-sdk/openai'],
    formats: ['openai-responses'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  (bytes, format) => {
    const provider = createOpenAI({
      baseURL: 'http://replay.invalid/v1',
      apiKey: 'replay',
      fetch: replayFetch(providerBytes(bytes, format)),
    });
    return runStreamText(provider.responses('gpt-5'));
  },
);
