//! The rule sets the crate's tests play under, kept in one list (the tests pull the file in
//! with `#[path]`).

use toguz::{BoardSize, RuleSet, TuzdikRule};

/// The standard rules, and each option on its own.
pub fn rule_sets() -> [RuleSet; 5] {
    let standard = RuleSet::STANDARD;
    [
        standard,
        RuleSet {
            tuzdik: TuzdikRule::Optional,
            ..standard
        },
        RuleSet {
            stop_at_majority: false,
            ..standard
        },
        RuleSet {
            board: BoardSize::Seven,
            ..standard
        },
        RuleSet {
            board: BoardSize::Five,
            ..standard
        },
    ]
}
