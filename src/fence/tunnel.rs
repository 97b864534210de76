//! The fence's end of `https`: a browser's tunnel (`CONNECT`) is accepted and ended inside the
//! fence, under a certificate made when it starts, and every request in it gets the block
//! page, so an off-site `https` address shows the same readable page as an `http` one instead
//! of a browser error page. Nothing is ever tunnelled on: the sites are plain `http`, so an
//! encrypted connection always leaves them. Agent browsers accept the fence's certificate
//! (`--ignore-certificate-errors`, see `browser::flags`), which trusts nothing else: their
//! every connection ends at the fence.

use super::blocked_page;
use axum::http::header;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::sync::Arc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// Ends tunnels with TLS under the fence's own certificate.
#[derive(Clone)]
pub(super) struct TunnelEnd {
    acceptor: TlsAcceptor,
}

impl TunnelEnd {
    /// A fresh self-signed certificate and the TLS setup around it.
    pub(super) fn new() -> std::io::Result<Self> {
        let certified = rcgen::generate_simple_self_signed(vec!["fence.agora.invalid".to_owned()])
            .map_err(std::io::Error::other)?;
        let certificate = CertificateDer::from(certified.cert.der().to_vec());
        let key = PrivateKeyDer::from(PrivatePkcs8KeyDer::from(certified.key_pair.serialize_der()));
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(std::io::Error::other)?
            .with_no_client_auth()
            .with_single_cert(vec![certificate], key)
            .map_err(std::io::Error::other)?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Self {
            acceptor: TlsAcceptor::from(Arc::new(config)),
        })
    }

    /// Answers every request on one tunnel to `authority` (`host:port`) with the block page,
    /// until the browser closes it.
    pub(super) async fn serve(self, upgraded: hyper::upgrade::Upgraded, authority: String) {
        let tls = match self.acceptor.accept(TokioIo::new(upgraded)).await {
            Ok(tls) => tls,
            Err(error) => {
                tracing::debug!(%authority, %error, "a tunnel through the fence spoke no TLS");
                return;
            }
        };
        let service = hyper::service::service_fn(
            move |request: hyper::Request<hyper::body::Incoming>| {
                let host = request
                    .headers()
                    .get(header::HOST)
                    .and_then(|host| host.to_str().ok())
                    .unwrap_or(&authority);
                let host = host.strip_suffix(":443").unwrap_or(host);
                let path = request
                    .uri()
                    .path_and_query()
                    .map_or("/", |path| path.as_str());
                let url = format!("https://{host}{path}");
                tracing::debug!(%url, "fence blocked an https request");
                async move {
                    Ok::<_, Infallible>(blocked_page(
                        &url,
                        "the task's sites are plain http:// addresses; no encrypted site is part of them",
                    ))
                }
            },
        );
        if let Err(error) = hyper::server::conn::http1::Builder::new()
            .serve_connection(TokioIo::new(tls), service)
            .await
        {
            tracing::debug!(%error, "a tunnel through the fence ended");
        }
    }
}
