//! The scramble lengths an example measures: its command-line arguments, or `default`.

/// The lengths given on the command line, or `default` when none are.
pub fn lengths(default: &[usize]) -> Vec<usize> {
    let given: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("scramble lengths, as numbers"))
        .collect();
    if given.is_empty() {
        default.to_vec()
    } else {
        given
    }
}
