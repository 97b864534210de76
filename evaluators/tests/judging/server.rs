//! A local server speaking the OpenAI chat-completions wire protocol (the judge test double).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use evaluators::judge::{JudgeClient, JudgeConfig};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the server answers to the next request.
#[derive(Clone, Debug)]
pub enum Scripted {
    /// A well-formed completion with this content.
    Reply(&'static str),
    /// An HTTP error status.
    Status(u16),
    /// A 200 response with this raw body.
    Raw(&'static str),
    /// Never answers.
    Hang,
}

#[derive(Default)]
pub struct Judged {
    script: Mutex<VecDeque<Scripted>>,
    /// Request bodies received, in order.
    pub requests: Mutex<Vec<Value>>,
}

impl Judged {
    pub fn count(&self) -> usize {
        self.requests.lock().expect("request log").len()
    }
}

async fn completions(State(state): State<Arc<Judged>>, Json(body): Json<Value>) -> Response {
    state.requests.lock().expect("request log").push(body);
    let next = state.script.lock().expect("script").pop_front();
    match next {
        Some(Scripted::Reply(content)) => Json(json!({
            "id": "chatcmpl-test", "object": "chat.completion", "model": "judge-test",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content, "refusal": null}}]
        }))
        .into_response(),
        Some(Scripted::Status(code)) => (
            StatusCode::from_u16(code).expect("scripted status code"),
            Json(json!({"error": {"message": "scripted failure"}})),
        )
            .into_response(),
        Some(Scripted::Raw(body)) => (StatusCode::OK, body).into_response(),
        Some(Scripted::Hang) => std::future::pending().await,
        None => (StatusCode::INTERNAL_SERVER_ERROR, "script exhausted").into_response(),
    }
}

/// Starts the server on a free loopback port with a script of answers.
pub async fn judge_server(script: Vec<Scripted>) -> (String, Arc<Judged>) {
    let state = Arc::new(Judged {
        script: Mutex::new(script.into()),
        requests: Mutex::new(Vec::new()),
    });
    let app = Router::new()
        .route("/v1/chat/completions", post(completions))
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let address = listener.local_addr().expect("local address");
    tokio::spawn(async move { axum::serve(listener, app).await.expect("judge test server") });
    (format!("http://{address}/v1"), state)
}

/// A client with short timeouts and backoff suited to tests.
pub fn client(base_url: &str, cache_dir: Option<std::path::PathBuf>) -> JudgeClient {
    let mut config = JudgeConfig::new(base_url, "judge-test");
    config.chat.timeout = Duration::from_millis(500);
    config.chat.max_retries = 2;
    config.chat.backoff_base = Duration::from_millis(10);
    config.cache_dir = cache_dir;
    JudgeClient::new(config).expect("judge client")
}
