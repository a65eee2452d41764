//! The 3×3×3 Rubik's Cube: facelet and cubie models, formats, notations, validity,
//! the batch judge, solvers and the magic-sequence search.
//!
//! The [`cubie`] model (pieces and their twists) is what solvers compute with; the
//! [`facelet`] model (54 sticker colours) is what formats read and write. Both agree on
//! the orientation of SPEC §2.1 and on Kociemba's slot numbering.
//!
//! # Reading cubes
//!
//! [`parse`] reads every cube in a text, in a forced [`Format`] or the detected one:
//!
//! ```
//! use cubist_rubik::{parse, Alg, CubeError, Format};
//! let text = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR\n\
//!             UF UR UB UL DF DR DB DL FR FL BR BL FRU URB UBL ULF DRF DFL DLB DBR\n";
//! let cubes = parse(text, None).expect("a piece list");
//! assert_eq!(cubes.len(), 2);
//! // The first is solved; its `cube` (a reachable `CubieCube`) goes to a solver.
//! let first = cubes[0].as_ref().unwrap();
//! assert_eq!(first.format, Format::Pieces);
//! assert!(first.cube.is_solved());
//! // A turned state is written back in the input's own format and colours.
//! let turned = first.cube.apply_alg(&Alg::parse("R U").unwrap());
//! println!("{}", first.render(&turned));
//! // The second has a twisted corner: report it (line 2) and go on with the batch.
//! let bad = cubes[1].as_ref().unwrap_err();
//! assert!(bad.is_unreachable()); // exit 1; malformed text would be exit 2
//! assert!(bad.to_string().starts_with("line 2: twisted corner"));
//! ```
//!
//! - `parse(text, Option<Format>) -> Result<Vec<Result<ParsedCube, CubeError>>, FormatError>`:
//!   the outer error is a text that holds no cube in any format (empty, undetectable);
//!   each inner result is one cube (piece lists and facelet strings hold one cube per
//!   non-blank line; a net or colour arrays hold one). [`parse_one`] wants exactly one.
//! - [`ParsedCube`]: `format`, `scheme` (which symbol is which face), `line`, and
//!   `cube`, a [`CubieCube`] already checked reachable; `render(&state)` prints any state
//!   like the input was written.
//! - [`CubeError`]: `Malformed(FormatError)` (exit 2) or `Unreachable { line, reason }`
//!   (exit 1), where `reason` is an [`Invalidity`] naming the cause of SPEC §2.5.
//! - `"pieces".parse::<Format>()` reads `--input` values; [`Format::name`] prints them.
//!
//! # Turning and solving
//!
//! - [`Move`] is one face turn and [`Alg`] a sequence of them, read in WCA or counted
//!   notation ([`named`] reads the judge's named operations); [`CubieCube::apply_alg`]
//!   plays one, and [`scramble`] makes seeded random states or move sequences.
//! - [`coord`] cuts a [`CubieCube`] into the small numbers that index the solvers'
//!   move and pruning tables (built once, cached by `cubist-tables`).
//! - [`solve`] holds the solvers: [`solve::two_phase`] and [`solve::optimal`] take
//!   [`solve::Options`] and return a [`solve::Solution`]; [`solve::thistlethwaite`]
//!   and [`solve::layers`] return a [`solve::StagedSolution`]. The optimal solver's
//!   design is in `docs/rubik-optimal.md`.
//! - [`judge`] is the batch simulator of SPEC §2.4, and [`magic`] searches short
//!   sequences that change only the pieces a [`magic::Query`] allows.

pub mod coord;
pub mod cubie;
pub mod facelet;
pub mod format;
pub mod judge;
pub mod magic;
pub mod moves;
pub mod named;
pub mod read;
pub mod scramble;
pub mod solve;
pub mod validity;

pub use cubie::CubieCube;
pub use facelet::Facelets;
pub use format::{ColourScheme, Format, FormatError};
pub use moves::{Alg, Face, Move, MoveError};
pub use read::{parse, parse_one, ParsedCube};
pub use validity::{CubeError, Invalidity};
