//! Progress of the long commands (`seed`, `tasks check`, `tasks generate`): done of total,
//! rate and ETA on standard error (indicatif), drawn only on a terminal, so logs, CI output
//! and the lines other tools parse stay exactly as they are.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `total` units of `unit` (`tasks`, `sites`).
pub fn bar(total: usize, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(total as u64);
    let template = format!(
        "{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit}  {{per_sec}}  ETA {{eta}}  {{msg}}"
    );
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}
