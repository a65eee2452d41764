//! Puzzle-agnostic search machinery shared by the puzzle crates: table files on disk
//! (built once, versioned, checksummed, memory-mapped), progress reporting, and
//! generic search helpers.
