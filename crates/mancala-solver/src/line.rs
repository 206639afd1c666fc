//! The keys of the positions on the search's current line, to find a position repeated on it.
//!
//! A small table of counters, one per key slot, says at no cost that a key is not on the line
//! (the usual answer); only when its counter is set is the line itself scanned. Nothing is
//! hashed again and nothing is allocated at a node.

/// Counter slots: a power of two, far more than a line's usual length.
const SLOTS: usize = 1 << 12;

/// The current line, the root first.
#[derive(Debug)]
pub(crate) struct Line {
    keys: Vec<u64>,
    counts: Box<[u16; SLOTS]>,
}

/// The counter slot of `key`.
fn slot(key: u64) -> usize {
    (key ^ (key >> 29)) as usize & (SLOTS - 1)
}

impl Line {
    /// An empty line.
    pub(crate) fn new() -> Self {
        Line {
            keys: Vec::new(),
            counts: Box::new([0; SLOTS]),
        }
    }

    /// Puts `key` at the end of the line.
    pub(crate) fn push(&mut self, key: u64) {
        let count = &mut self.counts[slot(key)];
        *count = count.saturating_add(1);
        self.keys.push(key);
    }

    /// Takes the last key off the line.
    pub(crate) fn pop(&mut self) {
        if let Some(key) = self.keys.pop() {
            let count = &mut self.counts[slot(key)];
            // A saturated counter stays set: the scan still tells the truth.
            if *count != u16::MAX {
                *count -= 1;
            }
        }
    }

    /// The earliest ply of the line that holds `key`, if any.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> Option<usize> {
        if self.counts[slot(key)] == 0 {
            return None;
        }
        self.keys.iter().position(|&k| k == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_while_on_the_line_only() {
        let mut line = Line::new();
        // Two keys of one slot, and a third.
        let (a, b, c) = (5, 5 + SLOTS as u64, 77);
        assert_eq!(slot(a), slot(b));
        line.push(a);
        line.push(b);
        line.push(c);
        assert_eq!(
            (line.find(a), line.find(b), line.find(c)),
            (Some(0), Some(1), Some(2))
        );
        assert_eq!(line.find(6), None);
        line.pop();
        line.pop();
        assert_eq!(
            (line.find(a), line.find(b), line.find(c)),
            (Some(0), None, None)
        );
        line.pop();
        // Popping an empty line does nothing.
        line.pop();
        assert_eq!(line.find(a), None);
    }
}
