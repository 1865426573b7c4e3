#!/usr/bin/env node
// @google/genai: ai.models.generateContentStream() on a Gemini API stream
// (server-sent events, alt=sse) served by an HTTP server on 127.0.0.1 (the
// client's httpOptions.baseUrl); the calls are every chunk's functionCalls,
// collected in order, as the SDK's documentation of function calling reads a
// response's functionCalls, their args (an object) written back as JSON.
import { GoogleGenAI } from '@google/genai';
import { describeError, main, providerBytes } from './lib/protocol.mjs';
import { serve } from './lib/replay-server.mjs';
import { canonicalStop } from './lib/stops.mjs';

await main(
  {
    name: '@google/genai generateContentStream functionCalls',
    packages: ['@google/genai'],
    formats: ['gemini'],
    claims: ['stop-reason', 'text', 'thinking'],
  },
  async (bytes, format) => {
    const baseUrl = await serve(providerBytes(bytes, format), 'text/event-stream');
    // The Gemini API (not Vertex AI, whatever GOOGLE_GENAI_USE_VERTEXAI says).
    const ai = new GoogleGenAI({ vertexai: false, apiKey: 'replay', httpOptions: { baseUrl } });
    const calls = [];
    let text = '';
    let thinking = '';
    let raw;
    try {
      const stream = await ai.models.generateContentStream({
        model: 'gemini-2.5-flash',
        contents: 'replayed stream',
      });
      for await (const chunk of stream) {
        for (const fc of chunk.functionCalls ?? []) {
          calls.push({
            id: fc.id ?? '',
            name: fc.name ?? '',
            // A call without args has no arguments: "" is the protocol's
            // "none".
            arguments: fc.args === undefined ? '' : JSON.stringify(fc.args),
            status: 'complete',
          });
        }
        const c = chunk.candidates?.[0];
        for (const part of c?.content?.parts ?? []) {
          if (typeof part.text !== 'string') continue;
          if (part.thought) thinking += part.text;
          else text += part.text;
        }
        if (c?.finishReason != null) raw = c.finishReason;
      }
    } catch (err) {
      return { calls: [], error: describeError(err) };
    }
    return { calls, stop_reason: canonicalStop(format, raw), text, thinking };
  },
);
