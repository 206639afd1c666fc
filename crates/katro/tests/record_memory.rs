//! Reading a record of ten megabytes takes little more memory than its text: the reader keeps
//! the moves, not every position. Alone in its test binary, so that no other test's memory
//! counts.

use katro::{Katro, Record};
use mancala_engine::Position as _;

/// The peak resident memory of this process, in kilobytes (Linux).
fn peak_kilobytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_ten_megabyte_record_is_read_in_little_more_memory_than_its_text() {
    // One seed each on 4 × 4: neither can ever capture, so the game goes on for ever, one
    // hole round each circuit per move.
    let start: Katro = "1,0,0,0/0,0,0,0/0,0,0,0/1,0,0,0 S".parse().unwrap();
    // Sixteen plies take both seeds once round their circuits, back to the start.
    let mut round = String::new();
    let mut position = start;
    for _ in 0..16 {
        let mv = position.legal_moves()[0];
        position.play(mv).unwrap();
        round.push_str(&format!("{mv} "));
    }
    assert_eq!(position, start);
    round.push('\n');
    let rounds = (10 << 20) / round.len();
    let text = format!("[Start \"{start}\"]\n{}", round.repeat(rounds));
    let plies = 16 * rounds;
    let before = peak_kilobytes();
    let record: Record = text.parse().unwrap();
    assert_eq!(record.moves().len(), plies);
    assert_eq!(*record.position(), position);
    if let (Some(before), Some(after)) = (before, peak_kilobytes()) {
        // The moves take 4 bytes each, 13 MB, and up to twice that while their list grows;
        // keeping every position, as a history does, would take over 200 MB.
        let grown = after.saturating_sub(before);
        assert!(grown < 40 * 1024, "reading grew the peak by {grown} kB");
    }
}
