//! async-openai's chat().create_stream() fails a whole stream whose only
//! tool call has `"index": -1` on every entry, as Amazon Bedrock's
//! OpenAI-compatible endpoint and Z.ai's GLM API send it:
//! ChatCompletionMessageToolCallChunk.index is a u32, so the first chunk does
//! not deserialize, the stream yields OpenAIError::JSONDeserialize in its
//! place and the call is lost.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;

use async_openai::config::OpenAIConfig;
use async_openai::types::chat::{ChatCompletionRequestUserMessage, CreateChatCompletionRequestArgs};
use async_openai::Client;
use futures::StreamExt;

/// One call at index -1 (the report's scenario
/// identity/chat-index-minus-one-single-call).
const STREAM: &str = r#"data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":-1,"id":"tooluse_Qm7r2k","type":"function","function":{"name":"get_stock","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":-1,"function":{"arguments":"{\"ticker\":"}}]}}]}

data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":-1,"function":{"arguments":"\"ACME\"}"}}]}}]}

data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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

/// read reads the stream to its end, as async-openai's examples do, and
/// returns its calls (id, name, arguments: an entry with an id opens a call,
/// one without continues the last) and its text, or the first error the
/// stream yields.
async fn read(body: &'static str) -> Result<(Vec<(String, String, String)>, String), String> {
    let request = CreateChatCompletionRequestArgs::default()
        .model("m")
        .messages(ChatCompletionRequestUserMessage::from("What is ACME trading at?"))
        .build()
        .unwrap();
    let mut stream = client(serve(body)).chat().create_stream(request).await.map_err(|e| e.to_string())?;
    let (mut calls, mut text): (Vec<(String, String, String)>, String) = (Vec::new(), String::new());
    while let Some(item) = stream.next().await {
        let chunk = item.map_err(|e| e.to_string())?;
        for choice in chunk.choices {
            text.push_str(&choice.delta.content.unwrap_or_default());
            for entry in choice.delta.tool_calls.unwrap_or_default() {
                let f = entry.function.unwrap_or_default();
                if entry.id.is_some() || calls.is_empty() {
                    calls.push((entry.id.unwrap_or_default(), String::new(), String::new()));
                }
                let call = calls.last_mut().unwrap();
                call.1.push_str(&f.name.unwrap_or_default());
                call.2.push_str(&f.arguments.unwrap_or_default());
            }
        }
    }
    Ok((calls, text))
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let (calls, text) = match read(STREAM).await {
        Ok(got) => got,
        Err(err) => {
            println!("the stream yielded an error: {err}");
            std::process::exit(1);
        }
    };
    println!("calls {calls:?}, text {text:?}");
    // Fixed: the one call, whole.
    let ok = calls == [("tooluse_Qm7r2k".to_string(), "get_stock".to_string(), r#"{"ticker":"ACME"}"#.to_string())];
    std::process::exit(if ok { 0 } else { 1 });
}
