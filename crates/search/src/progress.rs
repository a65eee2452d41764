//! Progress of long table builds: a bar on a terminal, silence otherwise (so pipes,
//! logs and tests stay clean).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `total` steps that only shows when standard error is a terminal.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// Start a bar labelled `label`.
    pub fn new(label: &str, total: u64) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::new(total);
        let style = ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {percent}%")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_message(label.to_string());
        Progress(Some(bar))
    }

    /// Advance by `n` steps.
    pub fn inc(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }

    /// Remove the bar.
    pub fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}
