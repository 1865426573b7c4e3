#!/usr/bin/env node
// @langchain/anthropic: ChatAnthropic.stream() on an Anthropic Messages
// stream replayed through the Anthropic client's custom fetch
// (clientOptions.fetch); the AIMessageChunks are merged with concat and
// the merged message's tool_calls (finished) and invalid_tool_calls are
// the calls, its text and thinking blocks the text and thinking.
import { ChatAnthropic } from '@langchain/anthropic';
import { anyTool, callsOf, streamMerged, textOf } from './lib/lc.mjs';
import { canonicalRawStop, main, providerBytes, replayFetch } from './lib/protocol.mjs';

await main(
  {
    name: '@langchain/anthropic ChatAnthropic.stream AIMessageChunk concat',
    packages: ['@langchain/anthropic', '@langchain/core', '@langchain/anthropic>@anthropic-ai/sdk'],
    formats: ['anthropic'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  async (bytes, format) => {
    const llm = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'replay',
      maxRetries: 0,
      maxTokens: 1024,
      anthropicApiUrl: 'http://replay.invalid',
      clientOptions: { fetch: replayFetch(providerBytes(bytes, format)) },
    });
    // A request that declares a tool, as a tool-calling application's
    // does (without one the model reads content as a string and leaves
    // tool_use blocks out of it); the streams call tools of any name.
    const full = await streamMerged(llm.bindTools([anyTool]));
    if (full === undefined) return { calls: [], stop_reason: 'none', text: '', thinking: '' };
    return {
      calls: callsOf(full),
      // message_delta's delta (stop_reason, stop_sequence) is the chunk's
      // additional_kwargs.
      stop_reason: canonicalRawStop(format, full.additional_kwargs?.stop_reason ?? full.response_metadata?.stop_reason),
      text: textOf(full),
      thinking: textOf(full, 'thinking'),
    };
  },
);
