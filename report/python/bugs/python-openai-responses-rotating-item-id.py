"""openai (Python) responses.stream() raises "RuntimeError: Completed
output item identity changed." on a function call whose opaque item id
changes from event to event while its output_index and call_id stay the
same, as GitHub Copilot's endpoint streams: the whole response is lost,
with the one call it holds."""

import gc
import sys

import httpx
import openai

BODY = rb"""event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_cp","object":"response","created_at":1767225600,"model":"gpt-4o","status":"in_progress","output":[]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"function_call","id":"fc_v1","call_id":"call_cp1","name":"grep","arguments":"","status":"in_progress"}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":2,"output_index":0,"item_id":"fc_v2","delta":"{\"pattern\":"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":3,"output_index":0,"item_id":"fc_v3","delta":"\"TODO\"}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":4,"output_index":0,"item_id":"fc_v4","arguments":"{\"pattern\":\"TODO\"}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":5,"output_index":0,"item":{"type":"function_call","id":"fc_v5","call_id":"call_cp1","name":"grep","arguments":"{\"pattern\":\"TODO\"}","status":"completed"}}

event: response.completed
data: {"type":"response.completed","sequence_number":6,"response":{"id":"resp_cp","object":"response","created_at":1767225600,"model":"gpt-4o","status":"completed","output":[{"type":"function_call","id":"fc_v5","call_id":"call_cp1","name":"grep","arguments":"{\"pattern\":\"TODO\"}","status":"completed"}]}}

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
    with client.responses.stream(model="gpt-5", input="Find the TODOs.") as stream:
        for _ in stream:
            pass
        response = stream.get_final_response()
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    stream = None  # close the SDK's event generator before the interpreter shuts down
    gc.collect()
    sys.exit(1)
calls = [(item.call_id, item.name, item.arguments) for item in response.output if item.type == "function_call"]
print("function calls:", calls)
ok = calls == [("call_cp1", "grep", '{"pattern":"TODO"}')]
sys.exit(0 if ok else 1)
