//! A test double of an OpenAI-compatible model server: real chat-completions over loopback
//! HTTP (axum), answering each request as a policy says — a reply, an error status (with
//! Retry-After), or no answer at all (the client's timeout must fire).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures::future::BoxFuture;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

/// What the double does with one request.
pub enum Answer {
    /// A chat completion with this content.
    Reply(String),
    /// An error status; `retry_after` seconds in the header when given.
    Status(u16, Option<u32>),
    /// Never answer (the connection stays open until the client gives up).
    Hang,
}

/// Decides the answer to a request body.
pub type Policy = Arc<dyn Fn(Value) -> BoxFuture<'static, Answer> + Send + Sync>;

/// A running double.
pub struct ModelDouble {
    /// Base URL up to `/v1`.
    pub base_url: String,
    /// Every request body received, in order.
    pub requests: Arc<Mutex<Vec<Value>>>,
}

#[derive(Clone)]
struct DoubleState {
    policy: Policy,
    requests: Arc<Mutex<Vec<Value>>>,
}

/// Starts the double on a free loopback port.
pub async fn start(policy: Policy) -> ModelDouble {
    let requests = Arc::new(Mutex::new(Vec::new()));
    let state = DoubleState {
        policy,
        requests: Arc::clone(&requests),
    };
    let app = axum::Router::new()
        .route("/v1/chat/completions", axum::routing::post(complete))
        .with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    ModelDouble {
        base_url: format!("http://{address}/v1"),
        requests,
    }
}

async fn complete(
    State(state): State<DoubleState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    state.requests.lock().unwrap().push(body.clone());
    if let Some(problem) = wire_problem(&headers, &body) {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": {"message": problem}})),
        )
            .into_response();
    }
    match (state.policy)(body.clone()).await {
        Answer::Reply(content) => {
            let prompt_tokens = prompt_tokens(&body);
            let completion_tokens = (content.len() / 4 + 1) as u64;
            Json(json!({
                "id": "chatcmpl-double",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": body["model"],
                "choices": [{
                    "index": 0,
                    "message": {"role": "assistant", "content": content, "refusal": null},
                    "logprobs": null,
                    "finish_reason": "stop"
                }],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens
                }
            }))
            .into_response()
        }
        Answer::Status(status, retry_after) => {
            let mut response = (
                StatusCode::from_u16(status).unwrap(),
                Json(json!({"error": {"message": "scripted failure", "type": "rate_limit"}})),
            )
                .into_response();
            if let Some(seconds) = retry_after {
                response
                    .headers_mut()
                    .insert("retry-after", seconds.to_string().parse().unwrap());
            }
            response
        }
        Answer::Hang => std::future::pending().await,
    }
}

/// What a real server would reject: no model, no messages, a system message not first, a
/// user message whose images are not data URLs or http(s) URLs.
fn wire_problem(headers: &HeaderMap, body: &Value) -> Option<String> {
    if headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        != Some("application/json")
    {
        return Some("content-type must be application/json".into());
    }
    if !body["model"].is_string() {
        return Some("model is required".into());
    }
    let Some(messages) = body["messages"].as_array() else {
        return Some("messages is required".into());
    };
    if messages.first().map(|first| &first["role"]) != Some(&json!("system")) {
        return Some("the first message must be the system message".into());
    }
    for message in messages {
        if let Some(parts) = message["content"].as_array() {
            for part in parts {
                match part["type"].as_str() {
                    Some("text") if part["text"].is_string() => {}
                    Some("image_url") => {
                        let url = part["image_url"]["url"].as_str().unwrap_or("");
                        if !(url.starts_with("data:image/") || url.starts_with("http")) {
                            return Some(format!("bad image url {}", &url[..url.len().min(40)]));
                        }
                    }
                    _ => return Some(format!("bad content part {part}")),
                }
            }
        } else if !message["content"].is_string() {
            return Some("content must be text or parts".into());
        }
    }
    None
}

/// A deterministic token count: a token per 4 characters of text, 85 per image.
fn prompt_tokens(body: &Value) -> u64 {
    let mut tokens = 0;
    for message in body["messages"].as_array().into_iter().flatten() {
        match &message["content"] {
            Value::String(text) => tokens += text.len() as u64 / 4,
            Value::Array(parts) => {
                for part in parts {
                    tokens += match part["text"].as_str() {
                        Some(text) => text.len() as u64 / 4,
                        None => 85,
                    };
                }
            }
            _ => {}
        }
    }
    tokens
}

/// The user message's text parts, joined.
pub fn user_text(body: &Value) -> String {
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let Some(user) = messages
        .iter()
        .rev()
        .find(|message| message["role"] == "user")
    else {
        return String::new();
    };
    match &user["content"] {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|part| part["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// The objective of the turn (`OBJECTIVE: …` line).
pub fn objective(body: &Value) -> String {
    // The objective runs to the `URL:` line (WebUI intents span several lines).
    let text = user_text(body);
    text.split_once("OBJECTIVE: ")
        .and_then(|(_, rest)| rest.split_once("\nURL: "))
        .map(|(objective, _)| objective.to_owned())
        .unwrap_or_default()
}

/// The id of the element whose SoM line reads `[id] [TAG] [text]`, as a model reads it.
pub fn id_of(body: &Value, text: &str) -> Option<u32> {
    let suffix = format!("] [{text}]");
    user_text(body).lines().find_map(|line| {
        let rest = line.strip_suffix(&suffix)?;
        let (id, _tag) = rest.strip_prefix('[')?.split_once("] [")?;
        id.parse().ok()
    })
}

/// A model's chatty answer around an action, fenced as the prompt asks.
pub fn chatty(action: &str) -> String {
    format!(
        "Let me think step by step. The objective asks me to make progress on this page, and \
         the observation shows what I need.\nIn summary, the next action I will perform is \
         ```{action}```"
    )
}
