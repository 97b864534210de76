//! The API's listener. hyper answers some requests itself, before any route sees them — a
//! request line over 64 KiB (414), a head too large (431), a head it cannot parse (400) —
//! with an empty body. Connections from this listener give those answers the API's JSON
//! error shape: a response head that comes with no body and one of those statuses is
//! replaced, as it is written, by the same status with a JSON body.

use axum::serve::Listener;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// A TCP listener whose connections shape hyper's own error answers (see the module doc).
#[derive(Debug)]
pub struct ShapedListener(TcpListener);

impl ShapedListener {
    /// Wraps a bound listener.
    pub fn new(listener: TcpListener) -> Self {
        Self(listener)
    }
}

impl Listener for ShapedListener {
    type Io = ShapedIo;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, address) = Listener::accept(&mut self.0).await;
        (
            ShapedIo {
                stream,
                replacing: None,
            },
            address,
        )
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// One connection.
#[derive(Debug)]
pub struct ShapedIo {
    stream: TcpStream,
    /// A replacement being written: its bytes, how many are written, and the length of the
    /// write it stands for.
    replacing: Option<(Vec<u8>, usize, usize)>,
}

/// The JSON answer for a body-less head hyper wrote itself, if `written` is one.
fn shaped(written: &[u8]) -> Option<Vec<u8>> {
    let head = std::str::from_utf8(written).ok()?;
    if !head.ends_with("\r\n\r\n") || !head.to_ascii_lowercase().contains("content-length: 0\r\n") {
        return None;
    }
    let status_line = head.lines().next()?;
    let (code, message) = match status_line.split(' ').nth(1)? {
        "414" => (
            "uri_too_long",
            "the request URI is longer than 64 KiB; no API path is that long — check the episode id",
        ),
        "431" => (
            "headers_too_large",
            "the request's headers are too large; send fewer or shorter headers",
        ),
        "400" => (
            "bad_request",
            "the request is not valid HTTP/1.1; see /openapi.json",
        ),
        _ => return None,
    };
    let body = serde_json::json!({ "error": code, "message": message }).to_string();
    Some(
        format!(
            "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl AsyncRead for ShapedIo {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(context, buffer)
    }
}

impl AsyncWrite for ShapedIo {
    fn poll_write(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.replacing.is_none() {
            match shaped(buffer) {
                Some(bytes) => this.replacing = Some((bytes, 0, buffer.len())),
                None => return Pin::new(&mut this.stream).poll_write(context, buffer),
            }
        }
        while let Some((bytes, written, stands_for)) = this.replacing.as_mut() {
            if *written == bytes.len() {
                let stands_for = *stands_for;
                this.replacing = None;
                return Poll::Ready(Ok(stands_for));
            }
            match Pin::new(&mut this.stream).poll_write(context, &bytes[*written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Ok(0)),
                Poll::Ready(Ok(count)) => *written += count,
                other => return other,
            }
        }
        Poll::Ready(Ok(0))
    }

    fn poll_flush(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(context)
    }

    fn poll_shutdown(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_bodyless_error_heads_are_shaped() {
        let head = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let shaped = String::from_utf8(shaped(head).unwrap()).unwrap();
        assert!(shaped.starts_with("HTTP/1.1 414 URI Too Long\r\n"));
        let body: serde_json::Value =
            serde_json::from_str(shaped.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        assert_eq!(body["error"], "uri_too_long");
        let with_body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n";
        assert!(super::shaped(with_body).is_none());
        let success = b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n";
        assert!(super::shaped(success).is_none());
    }
}
