//! `cubist serve`: the HTTP API and the embedded viewer page.
