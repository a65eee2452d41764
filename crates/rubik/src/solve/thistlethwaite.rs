//! The thistlethwaite method (SPEC §2.6).
