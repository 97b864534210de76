//! MCP over stdio, one JSON-RPC message per line, answering what JSON-RPC says to answer
//! for lines that are not messages: a line that is not JSON gets a parse error (`-32700`),
//! JSON that is no MCP message an invalid-request error (`-32600`, with the request's `id`
//! when it has one), and serving goes on. Lines are capped at [`MAX_LINE`] bytes.

use futures::{SinkExt, Stream, StreamExt};
use rmcp::model::{
    ClientJsonRpcMessage, ErrorData, JsonRpcError, NumberOrString, ServerJsonRpcMessage,
};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};

/// The longest line read (a message with an inline task and its images fits well within).
pub const MAX_LINE: usize = 16 << 20;

/// Why the outgoing half stopped.
#[derive(Debug, thiserror::Error)]
pub enum StdioError {
    /// The writer ended (standard output closed).
    #[error("standard output is closed")]
    Closed,
}

impl From<futures::channel::mpsc::SendError> for StdioError {
    fn from(_: futures::channel::mpsc::SendError) -> Self {
        StdioError::Closed
    }
}

/// The transport over `input` and `output`: a sink of the server's messages and a stream of
/// the client's, with malformed lines answered on the way.
pub fn transport<R, W>(
    input: R,
    output: W,
) -> (
    impl futures::Sink<ServerJsonRpcMessage, Error = StdioError> + Send + Unpin + 'static,
    impl Stream<Item = ClientJsonRpcMessage> + Send + Unpin + 'static,
)
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let (sender, receiver) = futures::channel::mpsc::unbounded::<ServerJsonRpcMessage>();
    tokio::spawn(write_lines(receiver, output));
    let answers = sender.clone();
    let sink = sender.sink_map_err(StdioError::from);
    let lines = BufReader::new(input);
    let messages = futures::stream::unfold((lines, answers), |(mut lines, answers)| async move {
        loop {
            let line = match read_line(&mut lines).await {
                Ok(Some(line)) => line,
                Ok(None) => return None,
                Err(error) => {
                    answer(&answers, None, ErrorData::parse_error(error, None));
                    continue;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            match parse(&line) {
                Ok(message) => return Some((message, (lines, answers))),
                Err(malformed) => {
                    let (id, error) = *malformed;
                    answer(&answers, id, error)
                }
            }
        }
    });
    (sink, Box::pin(messages))
}

/// One line, without its end; `Err` for a line over [`MAX_LINE`] or not UTF-8 (the rest of
/// it is skipped), `None` at the end of input.
async fn read_line<R: AsyncRead + Unpin>(
    lines: &mut BufReader<R>,
) -> Result<Option<String>, String> {
    let mut buffer = Vec::new();
    let mut too_long = false;
    loop {
        let available = match lines.fill_buf().await {
            Ok(available) => available,
            Err(_) => return Ok(None),
        };
        if available.is_empty() {
            return match (buffer.is_empty() && !too_long, too_long) {
                (true, _) => Ok(None),
                (false, true) => Err(format!("the line is longer than {MAX_LINE} bytes")),
                (false, false) => finish(buffer).map(Some),
            };
        }
        let (taken, ended) = match available.iter().position(|byte| *byte == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        if !too_long {
            buffer.extend_from_slice(&available[..taken]);
            if buffer.len() > MAX_LINE {
                too_long = true;
                buffer = Vec::new();
            }
        }
        lines.consume(taken);
        if ended {
            if too_long {
                return Err(format!("the line is longer than {MAX_LINE} bytes"));
            }
            return finish(buffer).map(Some);
        }
    }
}

fn finish(mut buffer: Vec<u8>) -> Result<String, String> {
    while matches!(buffer.last(), Some(b'\n' | b'\r')) {
        buffer.pop();
    }
    String::from_utf8(buffer).map_err(|_| "the line is not UTF-8".to_owned())
}

/// The error to answer a malformed line with, and the id to answer (when it has one).
type Malformed = Box<(Option<NumberOrString>, ErrorData)>;

/// The client's message on `line`, or the error to answer it with (and the id to answer).
fn parse(line: &str) -> Result<ClientJsonRpcMessage, Malformed> {
    let value: Value = serde_json::from_str(line).map_err(|error| {
        Box::new((
            None,
            ErrorData::parse_error(format!("not JSON: {error}"), None),
        ))
    })?;
    let id = match &value["id"] {
        Value::Number(number) => number.as_i64().map(NumberOrString::Number),
        Value::String(text) => Some(NumberOrString::String(text.as_str().into())),
        _ => None,
    };
    serde_json::from_value(value).map_err(|error| {
        Box::new((
            id,
            ErrorData::invalid_request(
                format!("not a JSON-RPC 2.0 MCP message ({error}); send one object per line"),
                None,
            ),
        ))
    })
}

fn answer(
    answers: &futures::channel::mpsc::UnboundedSender<ServerJsonRpcMessage>,
    id: Option<NumberOrString>,
    error: ErrorData,
) {
    tracing::warn!(message = %error.message, "answered a malformed MCP line");
    let _ = answers.unbounded_send(ServerJsonRpcMessage::Error(JsonRpcError::new(id, error)));
}

/// Writes each message as one line, flushed, until every sender is gone.
async fn write_lines<W: AsyncWrite + Unpin>(
    mut messages: futures::channel::mpsc::UnboundedReceiver<ServerJsonRpcMessage>,
    mut output: W,
) {
    while let Some(message) = messages.next().await {
        let Ok(mut line) = serde_json::to_vec(&message) else {
            tracing::error!("an MCP message could not be encoded");
            continue;
        };
        line.push(b'\n');
        if output.write_all(&line).await.is_err() || output.flush().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_are_not_messages_get_the_json_rpc_codes() {
        let (id, error) = *parse("{not json").unwrap_err();
        assert_eq!((id, error.code.0), (None, -32700));
        let (id, error) = *parse(r#"{"jsonrpc":"2.0","id":7,"method":42}"#).unwrap_err();
        assert_eq!(
            (id, error.code.0),
            (Some(NumberOrString::Number(7)), -32600)
        );
        let (_, error) = *parse("[1, 2]").unwrap_err();
        assert_eq!(error.code.0, -32600);
        assert!(parse(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#).is_ok());
    }
}
