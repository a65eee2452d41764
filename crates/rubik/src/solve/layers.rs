//! The layers method (SPEC §2.6).
