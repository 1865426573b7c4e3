#!/usr/bin/env node
// @langchain/openai: ChatOpenAI.stream() (Chat Completions) on an OpenAI
// Chat Completions stream replayed through the openai client's custom
// fetch (configuration.fetch); the AIMessageChunks are merged with concat
// and the merged message's tool_calls (finished) and invalid_tool_calls
// are the calls.
import { ChatOpenAI } from '@langchain/openai';
import { anyTool, callsOf, streamMerged, textOf } from './lib/lc.mjs';
import { canonicalRawStop, main, providerBytes, replayFetch } from './lib/protocol.mjs';

await main(
  {
    name: '@langchain/openai ChatOpenAI.stream AIMessageChunk concat',
    packages: ['@langchain/openai', '@langchain/core', '@langchain/openai>openai'],
    formats: ['openai-chat'],
    claims: ['stop-reason', 'text'],
  },
  async (bytes, format) => {
    const llm = new ChatOpenAI({
      model: 'replay-model',
      apiKey: 'replay',
      maxRetries: 0,
      useResponsesApi: false,
      configuration: {
        baseURL: 'http://replay.invalid/v1',
        fetch: replayFetch(providerBytes(bytes, format)),
      },
    });
    // A request that declares a tool, as a tool-calling application's
    // does; the streams call tools of any name.
    const full = await streamMerged(llm.bindTools([anyTool]));
    if (full === undefined) return { calls: [], stop_reason: 'none', text: '' };
    return {
      calls: callsOf(full),
      stop_reason: canonicalRawStop(format, full.response_metadata?.finish_reason),
      text: textOf(full),
    };
  },
);
