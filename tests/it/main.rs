//! Agora's integration tests, one binary over one harness ([`support`]): real chromedriver
//! and Chromium, every site on free ports over a small seeded data set, a fixture server on
//! port 0. The Selenium Grid test (`grid`) and the process tests (`processes`,
//! `run_shipped`) start the extra processes they are about inside the same runtime.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod actions;
mod aes_integrity;
mod api;
mod audit;
mod bounds;
mod classifieds;
mod debugger;
mod ended;
mod evaluation_bounds;
mod forgery;
mod forum;
mod grid;
mod hostile;
mod isolation;
mod login;
mod observe;
mod page_guard;
mod processes;
mod record;
mod run;
mod run_shipped;
mod shopping;
mod tasks;
mod tidy;
mod truth;
mod webui;
