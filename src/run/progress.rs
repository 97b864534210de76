//! The progress bar of a run (indicatif): tasks done of total, the running score, errors and
//! the ETA. Drawn on standard error, and only on a terminal.

use super::results::TaskResult;
use indicatif::{ProgressBar, ProgressStyle};

/// A run's progress.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    scored: usize,
    score_sum: f64,
    errors: usize,
}

impl Progress {
    /// A bar over `total` tasks, `done` of which finished in an earlier run.
    pub fn new(total: usize, done: usize) -> Self {
        let bar = ProgressBar::new(total as u64);
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} tasks  {msg}  ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_position(done as u64);
        bar.reset_eta();
        Self {
            bar,
            scored: 0,
            score_sum: 0.0,
            errors: 0,
        }
    }

    /// Counts a finished task (earlier ones too, so the score covers the whole run).
    pub fn add(&mut self, result: &TaskResult, newly_finished: bool) {
        match result.score {
            Some(score) => {
                self.scored += 1;
                self.score_sum += score;
            }
            None if result.is_error() => self.errors += 1,
            None => {}
        }
        if newly_finished {
            self.bar.inc(1);
        }
        let score = if self.scored == 0 {
            "score -".to_owned()
        } else {
            format!(
                "score {:.1}% of {}",
                100.0 * self.score_sum / self.scored as f64,
                self.scored
            )
        };
        let errors = match self.errors {
            0 => String::new(),
            1 => ", 1 error".to_owned(),
            n => format!(", {n} errors"),
        };
        self.bar.set_message(format!("{score}{errors}"));
    }

    /// Prints a line to standard error above the bar (also when no bar is drawn).
    pub fn println(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
