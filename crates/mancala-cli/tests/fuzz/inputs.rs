//! Input generators, all driven by the core's seeded [`Rng`]: random text, valid texts
//! mutated a few characters at a time, and texts built from the token grammar of valid ones
//! (every number, word, space and sign replaced by another of its kind, tokens dropped,
//! repeated, swapped, two valid texts spliced), now and then grown large.

use mancala_engine::Rng;

/// Characters that trip parsers: a byte-order mark, controls, line ends, a zero-width space,
/// letters outside ASCII, a digit that is not ASCII.
const SPECIALS: [&str; 14] = [
    "\u{feff}", "\0", "\n", "\r\n", "\r", "\t", " ", "  ", "é", "ß", "\u{200b}", "🂡", "٣", "\u{7f}",
];

/// Numbers at the edges of the types parsers read them into.
const NUMBERS: [&str; 24] = [
    "0",
    "1",
    "2",
    "9",
    "10",
    "18",
    "81",
    "82",
    "162",
    "255",
    "256",
    "1000",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "+1",
    "00",
    "007",
    "1e3",
    "0x10",
];

/// One input for an entry point whose valid inputs include `corpus` (never empty).
pub fn draw(rng: &mut Rng, corpus: &[String]) -> String {
    let text = match rng.below(20) {
        0 | 1 => random_bytes(rng),
        2 | 3 => random_chars(rng, corpus),
        4..=9 => {
            let valid = pick::<String>(rng, corpus).clone();
            mutate(rng, &valid)
        }
        10..=16 => grammar(rng, corpus),
        _ => pick::<String>(rng, corpus).clone(),
    };
    if rng.below(40) == 0 {
        grow(rng, &text)
    } else {
        text
    }
}

/// One of `items`, uniformly.
pub fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u32) as usize]
}

/// Up to 64 random bytes, read as UTF-8 with replacement characters.
fn random_bytes(rng: &mut Rng) -> String {
    let len = rng.below(65) as usize;
    let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Up to 64 characters drawn from the valid inputs' own characters and the specials.
fn random_chars(rng: &mut Rng, corpus: &[String]) -> String {
    let alphabet: Vec<char> = pick::<String>(rng, corpus).chars().collect();
    let len = rng.below(65);
    let mut text = String::new();
    for _ in 0..len {
        if alphabet.is_empty() || rng.below(8) == 0 {
            text.push_str(pick::<&str>(rng, &SPECIALS));
        } else {
            text.push(*pick(rng, &alphabet));
        }
    }
    text
}

/// `text` with one to four edits: a character deleted, replaced or inserted, a run deleted,
/// repeated or moved, a special or an edge number inserted, letters' case flipped, the end cut.
pub fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(4) {
        let len = chars.len();
        let at = rng.below(len as u32 + 1) as usize;
        let end = (at + 1 + rng.below(8) as usize).min(len);
        match rng.below(9) {
            0 if at < len => {
                chars.remove(at);
            }
            1 if at < len => chars[at] = char::from(rng.below(128) as u8),
            2 => chars.insert(at, char::from(32 + rng.below(95) as u8)),
            3 if at < end => {
                chars.drain(at..end);
            }
            4 if at < end => {
                let run: Vec<char> = chars[at..end].to_vec();
                for _ in 0..=rng.below(3) {
                    drop(chars.splice(at..at, run.iter().copied()));
                }
            }
            5 => drop(chars.splice(at..at, pick::<&str>(rng, &SPECIALS).chars())),
            6 => drop(chars.splice(at..at, pick::<&str>(rng, &NUMBERS).chars())),
            7 if at < end => {
                for c in &mut chars[at..end] {
                    *c = if c.is_ascii_lowercase() {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    };
                }
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

/// The kinds of token the grammar of every text format here is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Digits,
    Letters,
    Space,
    Sign,
}

fn kind(c: char) -> Kind {
    if c.is_ascii_digit() {
        Kind::Digits
    } else if c.is_alphabetic() || c == '_' {
        Kind::Letters
    } else if c.is_whitespace() {
        Kind::Space
    } else {
        Kind::Sign
    }
}

/// `text` cut into tokens: runs of digits, of letters, of spaces, and single signs.
fn tokens(text: &str) -> Vec<(Kind, String)> {
    let mut out: Vec<(Kind, String)> = Vec::new();
    for c in text.chars() {
        let k = kind(c);
        match out.last_mut() {
            Some((last, token)) if *last == k && k != Kind::Sign => token.push(c),
            _ => out.push((k, c.to_string())),
        }
    }
    out
}

/// A text built from a valid one's tokens: tokens swapped for others of their kind (from the
/// whole corpus, or edge numbers), dropped, repeated, exchanged, or the tail spliced from
/// another valid text.
pub fn grammar(rng: &mut Rng, corpus: &[String]) -> String {
    let mut parts = tokens(pick::<String>(rng, corpus));
    let other = tokens(pick::<String>(rng, corpus));
    if parts.is_empty() {
        return String::new();
    }
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        let at = rng.below(parts.len() as u32) as usize;
        match rng.below(6) {
            0 | 1 => {
                let want = parts[at].0;
                let replacement = if want == Kind::Digits && rng.below(2) == 0 {
                    Some(pick::<&str>(rng, &NUMBERS).to_string())
                } else {
                    let same: Vec<&String> = other
                        .iter()
                        .filter(|(k, _)| *k == want)
                        .map(|(_, t)| t)
                        .collect();
                    (!same.is_empty()).then(|| pick::<&String>(rng, &same).to_string())
                };
                if let Some(token) = replacement {
                    parts[at].1 = token;
                }
            }
            2 if parts.len() > 1 => {
                parts.remove(at);
            }
            3 => {
                let copy = parts[at].clone();
                parts.insert(at, copy);
            }
            4 => {
                let there = rng.below(parts.len() as u32) as usize;
                parts.swap(at, there);
            }
            _ => {
                let cut = rng.below(other.len() as u32 + 1) as usize;
                parts.truncate(at);
                parts.extend(other[cut..].iter().cloned());
            }
        }
        if parts.is_empty() {
            break;
        }
    }
    parts.into_iter().map(|(_, t)| t).collect()
}

/// `text` made large: repeated, a token grown huge, or a number thousands of digits long.
fn grow(rng: &mut Rng, text: &str) -> String {
    let size = 1 << (10 + rng.below(5)); // 1 KiB to 16 KiB
    match rng.below(3) {
        0 if !text.is_empty() => text.repeat(size / text.len() + 1),
        1 => format!("{text}{}", "9".repeat(size)),
        _ => {
            let cut = text.len() / 2;
            let cut = (0..=cut)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            format!("{}{}{}", &text[..cut], "a".repeat(size), &text[cut..])
        }
    }
}

/// A JSON document for a serde entry point made from `input`: mostly the input as a JSON
/// string, sometimes a value of another type or the raw input (the choice follows the input,
/// so a failure repeats from the input alone).
pub fn json(input: &str) -> String {
    let quoted = serde_json::Value::String(input.to_owned()).to_string();
    match input.len() % 11 {
        0 => "null".to_owned(),
        1 => input.len().to_string(),
        2 => format!("[{quoted}]"),
        3 => format!("{{\"text\": {quoted}}}"),
        4 => input.to_owned(),
        _ => quoted,
    }
}
