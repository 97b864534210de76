//! Tests that talk to a judge: the client against a local server speaking the OpenAI
//! chat-completions protocol, and the evaluation modes (docs/evaluation-modes.md).

mod client;
mod modes;
mod server;
mod vqa;
