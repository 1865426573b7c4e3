//! async-openai-chat: async-openai's Chat Completions streaming client under
//! toolspec's conformance kit, as a program that speaks the adapter protocol
//! (docs/adapter-protocol.md).
//!
//! The stream's bytes are the body of the response of an HTTP server on
//! 127.0.0.1 in this process, which the client reaches through
//! `OpenAIConfig::with_api_base`. The client's `chat().create_stream()` is
//! read to its end and its `CreateChatCompletionStreamResponse` chunks are
//! folded as async-openai's example examples/tool-call-stream does: each
//! choice's `delta.tool_calls` entries by their `index`, the id and the name
//! replaced when a chunk carries them, the arguments appended; the calls are
//! acted on when the choice's `finish_reason` is `tool_calls`. See README.md.
//!
//! Run with --serve it speaks the persistent form (a handshake, then one
//! request and one answer a line); with --describe it prints its
//! description; otherwise it speaks the one-shot form (the stream on
//! standard input, the format in TOOLSPEC_FORMAT or --format).

use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use async_openai::config::OpenAIConfig;
use async_openai::types::chat::{
    ChatCompletionRequestUserMessage, ChatCompletionTool, CreateChatCompletionRequestArgs,
    FinishReason, FunctionObjectArgs,
};
use async_openai::Client;
use base64::Engine as _;
use futures::StreamExt;
use serde_json::{json, Map, Value};

/// The adapter's description: its line of adapters.txt says the same, and
/// the smoke test holds VERSION to Cargo.lock.
const NAME: &str = "async-openai chat create_stream";
const VERSION: &str = "async-openai=0.43.0";
const FORMATS: &[&str] = &["openai-chat"];
const CLAIMS: &[&str] = &["stop-reason", "text"];

fn description() -> Value {
    json!({"name": NAME, "version": VERSION, "formats": FORMATS, "claims": CLAIMS})
}

/// An HTTP server on 127.0.0.1 that answers every request with status 200,
/// `content-type: text/event-stream` and the body last set, then closes the
/// connection: the body ends when the connection does, as a provider's
/// stream does.
struct Replay {
    url: String,
    body: Arc<Mutex<Vec<u8>>>,
}

impl Replay {
    fn start() -> std::io::Result<Replay> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let url = format!("http://{}/v1", listener.local_addr()?);
        let body = Arc::new(Mutex::new(Vec::new()));
        let served = body.clone();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(conn) = conn else { continue };
                let body = served.lock().unwrap().clone();
                if let Err(err) = answer(conn, &body) {
                    eprintln!("replay server: {err}");
                }
            }
        });
        Ok(Replay { url, body })
    }

    fn set_body(&self, body: Vec<u8>) {
        *self.body.lock().unwrap() = body;
    }
}

/// answer reads one request (its head, then as many bytes as its
/// content-length says) and writes the response.
fn answer(mut conn: TcpStream, body: &[u8]) -> std::io::Result<()> {
    let mut reader = std::io::BufReader::new(conn.try_clone()?);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.trim().eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut request = vec![0; length];
    reader.read_exact(&mut request)?;
    conn.write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n")?;
    conn.write_all(body)?;
    conn.flush()?;
    conn.shutdown(std::net::Shutdown::Both)
}

/// One call as the fold keeps it.
#[derive(Default)]
struct Call {
    id: String,
    name: String,
    arguments: String,
}

/// One choice as the fold keeps it.
#[derive(Default)]
struct Choice {
    /// The tool calls by their `index` (examples/tool-call-stream keeps them
    /// in a Vec by index; a map keeps them without the Vec's padding of
    /// unseen indexes).
    calls: BTreeMap<u32, Call>,
    /// A legacy `delta.function_call`, folded the same way.
    function_call: Option<Call>,
    text: String,
    finish_reason: Option<FinishReason>,
    /// Whether a chunk ended the choice with `tool_calls` (or the legacy
    /// `function_call`): the point where the example runs the calls.
    acted: bool,
}

fn fold(call: &mut Call, id: Option<String>, name: Option<String>, arguments: Option<String>) {
    if let Some(id) = id {
        call.id = id;
    }
    if let Some(name) = name {
        call.name = name;
    }
    if let Some(arguments) = arguments {
        call.arguments.push_str(&arguments);
    }
}

/// reassemble drives async-openai on the stream the replay server serves
/// and returns the answer object.
async fn reassemble(client: &Client<OpenAIConfig>) -> Result<Value, Box<dyn std::error::Error>> {
    let request = CreateChatCompletionRequestArgs::default()
        .model("replay-model")
        .messages(ChatCompletionRequestUserMessage::from("replayed stream"))
        .tools(ChatCompletionTool {
            function: FunctionObjectArgs::default()
                .name("replay_tool")
                .parameters(json!({"type": "object"}))
                .build()?,
        })
        .build()?;
    let mut stream = client.chat().create_stream(request).await?;
    let mut choices: BTreeMap<u32, Choice> = BTreeMap::new();
    // The calls in the order their first chunk came: (choice, Some(index))
    // for a tool call, (choice, None) for a legacy function_call.
    let mut seen: Vec<(u32, Option<u32>)> = Vec::new();
    while let Some(result) = stream.next().await {
        // The example's `let response = result?;`: an error ends the
        // stream's reading and fails it.
        let response = result?;
        for choice in response.choices {
            let c = choices.entry(choice.index).or_default();
            if let Some(content) = choice.delta.content {
                c.text.push_str(&content);
            }
            if let Some(chunks) = choice.delta.tool_calls {
                for chunk in chunks {
                    if !c.calls.contains_key(&chunk.index) {
                        seen.push((choice.index, Some(chunk.index)));
                    }
                    let call = c.calls.entry(chunk.index).or_default();
                    let (name, arguments) = match chunk.function {
                        Some(f) => (f.name, f.arguments),
                        None => (None, None),
                    };
                    fold(call, chunk.id, name, arguments);
                }
            }
            #[allow(deprecated)]
            if let Some(f) = choice.delta.function_call {
                if c.function_call.is_none() {
                    seen.push((choice.index, None));
                }
                fold(c.function_call.get_or_insert_with(Call::default), None, f.name, f.arguments);
            }
            if let Some(reason) = choice.finish_reason {
                if matches!(reason, FinishReason::ToolCalls | FinishReason::FunctionCall) {
                    c.acted = true;
                }
                c.finish_reason = Some(reason);
            }
        }
    }
    // The calls in first-seen order (the library orders nothing: the fold
    // is the caller's), each finished when its choice ended with tool_calls;
    // a legacy function_call where its choice has no tool_calls (a server
    // that sends both sends one call in two shapes).
    let mut calls = Vec::new();
    for (ci, key) in seen {
        let c = &choices[&ci];
        let call = match key {
            Some(i) => &c.calls[&i],
            None if c.calls.is_empty() => c.function_call.as_ref().unwrap(),
            None => continue,
        };
        let status = if c.acted { "complete" } else { "incomplete" };
        calls.push(json!({"id": call.id, "name": call.name, "arguments": call.arguments, "status": status}));
    }
    // The text of the choices in their order, the stop reason the last
    // choice's.
    let mut text = String::new();
    let mut stop = "none";
    for c in choices.values() {
        text.push_str(&c.text);
        stop = canonical_stop(c.finish_reason);
    }
    Ok(json!({"calls": calls, "stop_reason": stop, "text": text}))
}

/// The canonical name of a finish reason (SPEC.md's END-4 table for
/// openai-chat, without its refinement by calls: the answer says what the
/// library tells its user). async-openai's FinishReason has these five
/// variants; a chunk with any other reason does not deserialize.
fn canonical_stop(reason: Option<FinishReason>) -> &'static str {
    match reason {
        None => "none",
        Some(FinishReason::Stop) => "end",
        Some(FinishReason::Length) => "length",
        Some(FinishReason::ToolCalls) | Some(FinishReason::FunctionCall) => "tool_use",
        Some(FinishReason::ContentFilter) => "content_filter",
    }
}

/// The bytes the library is given. Server-sent events pass through
/// untouched. JSON lines (one payload per line, the form SDK fixtures
/// record, FRAME-2) are written back as the server-sent events a provider
/// would have sent, one `data:` event per non-blank line, as
/// report/python/adapterlib/protocol.py's provider_bytes does: a last line
/// cut inside its JSON stays the last event, without the blank line that
/// would dispatch it.
fn provider_bytes(data: &[u8]) -> Vec<u8> {
    let mut i = if data.starts_with(b"\xef\xbb\xbf") { 3 } else { 0 };
    while i < data.len() && matches!(data[i], b' ' | b'\t' | b'\r' | b'\n') {
        i += 1;
    }
    if i == data.len() || !matches!(data[i], b'{' | b'[') {
        return data.to_vec();
    }
    let text = &data[i..];
    let ends_with_eol = text.ends_with(b"\n");
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    if ends_with_eol {
        lines.pop();
    }
    let n = lines.len();
    let mut out = Vec::with_capacity(text.len() + 8 * n);
    for (k, raw) in lines.into_iter().enumerate() {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        if line.trim_ascii().is_empty() {
            continue;
        }
        out.extend_from_slice(b"data: ");
        out.extend_from_slice(line);
        out.push(b'\n');
        if k + 1 < n || ends_with_eol || is_json(line) {
            out.push(b'\n');
        }
    }
    out
}

fn is_json(line: &[u8]) -> bool {
    serde_json::from_slice::<Value>(line).is_ok() || line.trim_ascii() == b"[DONE]"
}

/// The adapter: a replay server, a client pointed at it, and a runtime.
struct Adapter {
    replay: Replay,
    client: Client<OpenAIConfig>,
    runtime: tokio::runtime::Runtime,
}

impl Adapter {
    fn new() -> Result<Adapter, Box<dyn std::error::Error>> {
        let replay = Replay::start()?;
        let config = OpenAIConfig::new().with_api_base(replay.url.clone()).with_api_key("replay");
        // No proxy: the replay server is on this machine.
        let http = reqwest::Client::builder().no_proxy().build()?;
        let client = Client::with_config(config).with_http_client(http);
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        Ok(Adapter { replay, client, runtime })
    }

    /// The answer for one stream: the library's, or the error it gave.
    fn run(&self, data: &[u8], format: &str) -> Value {
        if !FORMATS.contains(&format) {
            return json!({"calls": [], "error": format!("format {format} is not one of {}", FORMATS.join(", "))});
        }
        self.replay.set_body(provider_bytes(data));
        match self.runtime.block_on(reassemble(&self.client)) {
            Ok(answer) => answer,
            Err(err) => json!({"calls": [], "error": err.to_string().replace('\n', " ")}),
        }
    }
}

fn write_line(out: &mut impl Write, v: &Value) -> std::io::Result<()> {
    let mut line = serde_json::to_vec(v)?;
    line.push(b'\n');
    out.write_all(&line)?;
    out.flush()
}

/// The persistent form: one JSON object a line each way.
fn serve(adapter: &Adapter) -> Result<(), Box<dyn std::error::Error>> {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let req: Map<String, Value> = serde_json::from_str(&line)?;
        let answer = match req.get("cmd").and_then(Value::as_str) {
            Some("start") => {
                let version = req.get("version").and_then(Value::as_i64);
                if version == Some(1) {
                    json!({"version": 1, "adapter": description()})
                } else {
                    json!({"version": 1, "error": format!("this adapter speaks version 1, not {}", req.get("version").unwrap_or(&Value::Null))})
                }
            }
            Some("run") => {
                let stream = req.get("stream").and_then(Value::as_str).unwrap_or("");
                let format = req.get("format").and_then(Value::as_str).unwrap_or("");
                let mut answer = match base64::engine::general_purpose::STANDARD.decode(stream) {
                    Ok(data) => adapter.run(&data, format),
                    Err(err) => json!({"calls": [], "error": format!("stream: {err}")}),
                };
                answer["seq"] = req.get("seq").cloned().unwrap_or(Value::Null);
                answer
            }
            Some("stop") => break,
            _ => continue,
        };
        write_line(&mut out, &answer)?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--describe") {
        return Ok(write_line(&mut std::io::stdout(), &description())?);
    }
    let adapter = Adapter::new()?;
    if args.iter().any(|a| a == "--serve") {
        return serve(&adapter);
    }
    let format = std::env::var("TOOLSPEC_FORMAT")
        .ok()
        .filter(|f| !f.is_empty())
        .or_else(|| args.iter().position(|a| a == "--format").and_then(|i| args.get(i + 1).cloned()))
        .unwrap_or_else(|| FORMATS[0].to_string());
    let mut data = Vec::new();
    std::io::stdin().read_to_end(&mut data)?;
    write_line(&mut std::io::stdout(), &adapter.run(&data, &format))?;
    Ok(())
}
