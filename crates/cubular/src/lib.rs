//! The 9×9×9 digit cube ("Cubular"): state, block moves, formats, scrambler and solver.
