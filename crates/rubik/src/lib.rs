//! The 3×3×3 Rubik's Cube: facelet and cubie models, formats, notations, validity,
//! the batch judge, solvers and the magic-sequence search.
