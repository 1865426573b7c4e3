//! async-openai's chat().create_stream() fails a whole stream whose
//! chunks leave out an `index`: a tool-call entry without `index` (Mistral's
//! API, Gemini's OpenAI-compatible endpoint) or a choice without `index`
//! (relays such as one-api). ChatCompletionMessageToolCallChunk.index and
//! ChatChoiceStream.index are required u32 fields, so the chunk does not
//! deserialize and the stream yields OpenAIError::JSONDeserialize in its
//! place: the call, or the text, is lost.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;

use async_openai::config::OpenAIConfig;
use async_openai::types::chat::{ChatCompletionRequestUserMessage, CreateChatCompletionRequestArgs};
use async_openai::Client;
use futures::StreamExt;

/// Mistral's API (mistral-small-latest): the call's only entry has no
/// `index` (shared capture openai-chat/mistral-small-no-index.jsonl, its two
/// chunks as the server-sent events they came as).
const TOOL_CALL_WITHOUT_INDEX: &str = r#"data: {"id":"b3999b8c93e04e11bcbff7bcab829667","object":"chat.completion.chunk","created":1769088854,"model":"mistral-small-latest","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null,"logprobs":null}]}

data: {"id":"b3999b8c93e04e11bcbff7bcab829667","object":"chat.completion.chunk","created":1769088854,"model":"mistral-small-latest","choices":[{"index":0,"delta":{"content":null,"tool_calls":[{"id":"gSIMJiOkT","function":{"name":"weather","arguments":"{\"location\": \"San Francisco\"}"}}]},"finish_reason":"tool_calls","logprobs":null}],"usage":{"prompt_tokens":124,"total_tokens":146,"completion_tokens":22}}

"#;

/// A relay's stream whose choices have no `index`.
const CHOICE_WITHOUT_INDEX: &str = r#"data: {"id":"chatcmpl-n1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"delta":{"role":"assistant","content":"Sunny, 18 degrees."},"finish_reason":null}]}

data: {"id":"chatcmpl-n1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"delta":{},"finish_reason":"stop"}]}

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

/// read reads one stream to its end and returns its calls' names and
/// arguments and its text, or the first error it yields.
async fn read(body: &'static str) -> Result<(Vec<(String, String)>, String), String> {
    let request = CreateChatCompletionRequestArgs::default()
        .model("m")
        .messages(ChatCompletionRequestUserMessage::from("What is the weather in San Francisco?"))
        .build()
        .unwrap();
    let mut stream = client(serve(body)).chat().create_stream(request).await.map_err(|e| e.to_string())?;
    let (mut calls, mut text) = (Vec::new(), String::new());
    while let Some(item) = stream.next().await {
        let chunk = item.map_err(|e| e.to_string())?;
        for choice in chunk.choices {
            text.push_str(&choice.delta.content.unwrap_or_default());
            for entry in choice.delta.tool_calls.unwrap_or_default() {
                let f = entry.function.unwrap_or_default();
                calls.push((f.name.unwrap_or_default(), f.arguments.unwrap_or_default()));
            }
        }
    }
    Ok((calls, text))
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut bug = false;
    match read(TOOL_CALL_WITHOUT_INDEX).await {
        Ok((calls, _)) => {
            println!("tool call without index: calls {calls:?}");
            bug |= calls != [("weather".to_string(), r#"{"location": "San Francisco"}"#.to_string())];
        }
        Err(err) => {
            println!("tool call without index: the stream yielded an error: {err}");
            bug = true;
        }
    }
    match read(CHOICE_WITHOUT_INDEX).await {
        Ok((_, text)) => {
            println!("choice without index: text {text:?}");
            bug |= text != "Sunny, 18 degrees.";
        }
        Err(err) => {
            println!("choice without index: the stream yielded an error: {err}");
            bug = true;
        }
    }
    std::process::exit(if bug { 1 } else { 0 });
}
