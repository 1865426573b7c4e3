"""openai (Python) chat.completions.stream() fails with "RuntimeError:
Expected list delta entry to have an `index` key" on a delta field it does
not know whose value is a list of objects without index, as litellm's
thinking_blocks are: every Claude stream with extended thinking relayed
by litellm's proxy is refused, with the call it carries."""

import gc
import sys

import httpx
import openai

BODY = rb"""data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"reasoning_content":"Step 1. ","thinking_blocks":[{"type":"thinking","thinking":"Step 1. ","signature":""}],"provider_specific_fields":{"thinking_blocks":[{"type":"thinking","thinking":"Step 1. ","signature":""}]},"content":"","role":"assistant"}}]}

data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"reasoning_content":"Step 2.","thinking_blocks":[{"type":"thinking","thinking":"Step 2.","signature":""}],"provider_specific_fields":{"thinking_blocks":[{"type":"thinking","thinking":"Step 2.","signature":""}]},"content":""}}]}

data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"reasoning_content":"","thinking_blocks":[{"type":"thinking","thinking":"","signature":"EqoBCkgIARABGAIiQL2UoU0b1OHYi+x1M2s="}],"provider_specific_fields":{"thinking_blocks":[{"type":"thinking","thinking":"","signature":"EqoBCkgIARABGAIiQL2UoU0b1OHYi+x1M2s="}]},"content":""}}]}

data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"content":"I'll check."}}]}

data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"content":"","tool_calls":[{"id":"toolu_01T1x1fJ34qAmk2tNTrN7Up6","type":"function","function":{"name":"get_weather","arguments":""},"index":0}]}}]}

data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"content":"","tool_calls":[{"id":null,"type":"function","function":{"name":null,"arguments":"{\"city\": \"Paris\"}"},"index":0}]}}]}

data: {"id":"chatcmpl-7c1f0e2a","created":1767225600,"model":"claude-sonnet-4-5-20250929","object":"chat.completion.chunk","system_fingerprint":null,"choices":[{"index":0,"delta":{"content":""},"finish_reason":"tool_calls"}]}

data: [DONE]

"""


def provider(request):
    """The provider's response: the stream above, as one server-sent-events body."""
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=BODY)


client = openai.OpenAI(
    api_key="test",
    base_url="http://provider.invalid/v1",
    max_retries=0,
    http_client=httpx.Client(transport=httpx.MockTransport(provider)),
)
try:
    with client.chat.completions.stream(
        model="m",
        messages=[{"role": "user", "content": "Go on."}],
        tools=[{"type": "function", "function": {"name": "read_file", "parameters": {"type": "object"}}}],
    ) as stream:
        for _ in stream:
            pass
        completion = stream.get_final_completion()
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    stream = None  # close the SDK's event generator before the interpreter shuts down
    gc.collect()
    sys.exit(1)
message = completion.choices[0].message
calls = message.tool_calls or []
print("content:", repr(message.content))
print("tool_calls:", [(c.id, c.function.name, c.function.arguments) for c in calls])
ok = (
    message.content == "I'll check."
    and len(calls) == 1
    and calls[0].id == "toolu_01T1x1fJ34qAmk2tNTrN7Up6"
    and calls[0].function.name == "get_weather"
    and calls[0].function.arguments == '{"city": "Paris"}'
)
sys.exit(0 if ok else 1)
