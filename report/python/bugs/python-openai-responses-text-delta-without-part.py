"""openai (Python) responses.stream() raises "IndexError: list index out
of range" on a response.output_text.delta that no
response.content_part.added came before, as vLLM's Responses endpoint
streams: the message's content list is still empty, so the whole stream
is lost, with the mcp_call it reported and the text that follows."""

import gc
import sys

import httpx
import openai

BODY = rb"""event: response.created
data: {"type":"response.created","sequence_number":0,"response":{"id":"resp_mc1","object":"response","created_at":1767225600,"status":"in_progress","model":"gpt-5","output":[]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"mcp_01","type":"mcp_call","server_label":"deepwiki","name":"ask_question","arguments":"","status":"in_progress"}}

event: response.mcp_call.in_progress
data: {"type":"response.mcp_call.in_progress","sequence_number":2,"output_index":0,"item_id":"mcp_01"}

event: response.mcp_call_arguments.delta
data: {"type":"response.mcp_call_arguments.delta","sequence_number":3,"output_index":0,"item_id":"mcp_01","delta":"{\"repoName\":\"openai/codex\","}

event: response.mcp_call_arguments.delta
data: {"type":"response.mcp_call_arguments.delta","sequence_number":4,"output_index":0,"item_id":"mcp_01","delta":"\"question\":\"What is it?\"}"}

event: response.mcp_call_arguments.done
data: {"type":"response.mcp_call_arguments.done","sequence_number":5,"output_index":0,"item_id":"mcp_01","arguments":"{\"repoName\":\"openai/codex\",\"question\":\"What is it?\"}"}

event: response.mcp_call.completed
data: {"type":"response.mcp_call.completed","sequence_number":6,"output_index":0,"item_id":"mcp_01"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":7,"output_index":0,"item":{"id":"mcp_01","type":"mcp_call","server_label":"deepwiki","name":"ask_question","arguments":"{\"repoName\":\"openai/codex\",\"question\":\"What is it?\"}","output":"Codex is a coding agent.","error":null,"status":"completed"}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":8,"output_index":1,"item":{"id":"msg_01","type":"message","status":"in_progress","content":[],"role":"assistant"}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","sequence_number":9,"output_index":1,"item_id":"msg_01","content_index":0,"delta":"A coding agent."}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":10,"output_index":1,"item":{"id":"msg_01","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"text":"A coding agent."}],"role":"assistant"}}

event: response.completed
data: {"type":"response.completed","sequence_number":11,"response":{"id":"resp_mc1","object":"response","created_at":1767225600,"status":"completed","model":"gpt-5","output":[{"id":"mcp_01","type":"mcp_call","server_label":"deepwiki","name":"ask_question","arguments":"{\"repoName\":\"openai/codex\",\"question\":\"What is it?\"}","output":"Codex is a coding agent.","error":null,"status":"completed"},{"id":"msg_01","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"text":"A coding agent."}],"role":"assistant"}]}}

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
    with client.responses.stream(model="gpt-5", input="What is openai/codex?") as stream:
        for _ in stream:
            pass
        response = stream.get_final_response()
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    stream = None  # close the SDK's event generator before the interpreter shuts down
    gc.collect()
    sys.exit(1)
print("output:", [(item.type, getattr(item, "name", None)) for item in response.output])
print("output_text:", repr(response.output_text))
ok = [item.type for item in response.output] == ["mcp_call", "message"] and response.output_text == "A coding agent."
sys.exit(0 if ok else 1)
