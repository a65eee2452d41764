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

/// A spinner with a message and the time elapsed, for work whose length is not known
/// in advance (a deep search); shown only when standard error is a terminal, and
/// cleared when dropped, so that nothing of it stays above an answer or an error.
pub struct Spinner(Option<ProgressBar>);

impl Spinner {
    /// Start a spinner showing `message`.
    pub fn new(message: &str) -> Spinner {
        if !std::io::stderr().is_terminal() {
            return Spinner(None);
        }
        let bar = ProgressBar::new_spinner();
        let style = ProgressStyle::with_template("{spinner} {wide_msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.set_message(message.to_string());
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        Spinner(Some(bar))
    }

    /// Whether it is shown (standard error is a terminal): reports for it are worth
    /// making only then.
    pub fn shows(&self) -> bool {
        self.0.is_some()
    }

    /// A handle that sets the spinner's message from elsewhere (another thread, a
    /// solver's progress callback); it does nothing once the spinner is gone.
    pub fn messages(&self) -> SpinnerMessages {
        SpinnerMessages(self.0.as_ref().map(ProgressBar::downgrade))
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

/// Sets the message of a [`Spinner`] (see [`Spinner::messages`]).
#[derive(Clone)]
pub struct SpinnerMessages(Option<indicatif::WeakProgressBar>);

impl SpinnerMessages {
    /// Show `message` in place of the last one.
    pub fn set(&self, message: String) {
        if let Some(b) = self.0.as_ref().and_then(|w| w.upgrade()) {
            b.set_message(message);
        }
    }
}
