//! Per-puzzle front ends: turn a command's settings (plain values of
//! `crate::settings`) and its input text into calls on the puzzle crates, and their
//! results into output. Commands dispatch here.

pub mod cubular;
pub mod nxn;
pub mod rubik;
pub mod rubik_solve;
