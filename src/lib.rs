//! Agora: a browser-automation environment server for visual web-agent tasks.
//!
//! One binary hosts the sites, drives real Chromium over WebDriver for an agent,
//! observes pages as Set-of-Marks screenshots and scores end states with VWA's
//! evaluators. See `ARCHITECTURE.md` for the code map.

pub mod act;
pub mod api;
pub mod audit;
pub mod bench;
pub mod browser;
pub mod cli;
pub mod config;
pub mod env;
pub mod export;
pub mod fence;
pub mod generate;
pub mod gold;
pub mod observe;
pub mod run;
pub mod sites;
pub mod trajectory;
pub mod viewer;
