//! async-openai's example of streaming tool calls (examples/tool-call-stream)
//! assembles a choice's `delta.tool_calls` entries by their `index` alone:
//! an entry's id and name replace the call's, its arguments are appended.
//! When a server sends each parallel call whole at index 0, told apart only
//! by its id (Ollama's OpenAI-compatible layer did), the three calls become
//! one: the last call's id and name with the three calls' arguments
//! concatenated, which the example runs at finish_reason tool_calls. This
//! program folds the chunks the same way, through the crate's public types.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;

use async_openai::config::OpenAIConfig;
use async_openai::types::chat::{
    ChatCompletionMessageToolCall, ChatCompletionRequestUserMessage, CreateChatCompletionRequestArgs, FinishReason,
};
use async_openai::Client;
use futures::StreamExt;

/// Three calls, each whole in one chunk, all at index 0 (the report's
/// scenario identity/chat-same-index-new-ids).
const STREAM: &str = r#"data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_1","type":"function","function":{"name":"write_file","arguments":"{\"path\":\"alpha.txt\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_2","type":"function","function":{"name":"write_file","arguments":"{\"path\":\"beta.txt\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_3","type":"function","function":{"name":"list_dir","arguments":"{\"path\":\".\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

"#;

/// serve answers every request on 127.0.0.1 with status 200 and `body` as
/// server-sent events, ending the body by closing the connection, as a
/// provider ends its stream; it returns the API base to give the client.
fn serve(body: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for mut conn in listener.incoming().flatten() {
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            let mut length = 0;
            loop {
                let mut line = String::new();
                reader.read_line(&mut line).unwrap();
                let line = line.trim_end().to_ascii_lowercase();
                if line.is_empty() {
                    break;
                }
                if let Some(v) = line.strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
            }
            reader.read_exact(&mut vec![0; length]).unwrap();
            conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n").unwrap();
            conn.write_all(body.as_bytes()).unwrap();
        }
    });
    base
}

/// client is async-openai's client with its API base at `base` (no proxy:
/// the server is on this machine).
fn client(base: String) -> Client<OpenAIConfig> {
    let config = OpenAIConfig::new().with_api_base(base).with_api_key("test");
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    Client::with_config(config).with_http_client(http)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let request = CreateChatCompletionRequestArgs::default()
        .model("m")
        .messages(ChatCompletionRequestUserMessage::from("Write alpha.txt and beta.txt, then list the directory."))
        .build()
        .unwrap();
    let mut stream = client(serve(STREAM)).chat().create_stream(request).await.unwrap();
    // The example's fold: one ChatCompletionMessageToolCall per index.
    let mut tool_calls: Vec<ChatCompletionMessageToolCall> = Vec::new();
    let mut run: Vec<ChatCompletionMessageToolCall> = Vec::new();
    while let Some(item) = stream.next().await {
        let chunk = match item {
            Ok(chunk) => chunk,
            Err(err) => {
                println!("the stream yielded an error: {err}");
                std::process::exit(2);
            }
        };
        for choice in chunk.choices {
            for entry in choice.delta.tool_calls.unwrap_or_default() {
                let index = entry.index as usize;
                while tool_calls.len() <= index {
                    tool_calls.push(ChatCompletionMessageToolCall::default());
                }
                let call = &mut tool_calls[index];
                if let Some(id) = entry.id {
                    call.id = id;
                }
                if let Some(f) = entry.function {
                    if let Some(name) = f.name {
                        call.function.name = name;
                    }
                    if let Some(arguments) = f.arguments {
                        call.function.arguments.push_str(&arguments);
                    }
                }
            }
            // The example runs every collected call here.
            if matches!(choice.finish_reason, Some(FinishReason::ToolCalls)) {
                run.extend(tool_calls.iter().cloned());
            }
        }
    }
    for call in &run {
        println!("runs {} {}({})", call.id, call.function.name, call.function.arguments);
    }
    let want = [
        ("call_function_7f3a_1", "write_file", r#"{"path":"alpha.txt"}"#),
        ("call_function_7f3a_2", "write_file", r#"{"path":"beta.txt"}"#),
        ("call_function_7f3a_3", "list_dir", r#"{"path":"."}"#),
    ];
    let ok = run.len() == want.len()
        && run.iter().zip(want).all(|(c, (id, name, args))| c.id == id && c.function.name == name && c.function.arguments == args);
    std::process::exit(if ok { 0 } else { 1 });
}
