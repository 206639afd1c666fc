//! Runs one entry point on many inputs: every input under `catch_unwind`, timed, and watched by
//! a watchdog that ends the whole test binary, naming the input, if one never returns. At the
//! end, the counts are printed and every failure is reported with the input that caused it.

use mancala_engine::Rng;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An input taking longer than this fails the run: no parser needs it, even in a debug build.
const SLOW: Duration = Duration::from_secs(5);

/// An input still running after this is a hang: the watchdog stops the test binary.
const HANG: Duration = Duration::from_secs(120);

/// How many inputs a run feeds each entry point, and from which seed.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Inputs per entry point (each entry point scales it by its cost).
    pub cases: usize,
    /// The seed of every generator.
    pub seed: u64,
}

impl Budget {
    /// The run of `cargo test`: a few seconds in all in a debug build.
    /// `MANCALA_FUZZ_CASES` and `MANCALA_FUZZ_SEED` override the count and the seed.
    pub fn short() -> Budget {
        Budget::from_env(300)
    }

    /// The long run (`cargo test --release -p mancala-cli --test fuzz -- --ignored`).
    pub fn long() -> Budget {
        Budget::from_env(100_000)
    }

    fn from_env(cases: usize) -> Budget {
        let read = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
        Budget {
            cases: read("MANCALA_FUZZ_CASES").map_or(cases, |n| n as usize),
            seed: read("MANCALA_FUZZ_SEED").unwrap_or(1),
        }
    }

    /// `part` of the budget for a costly entry point (`1` for all of it).
    pub fn share(self, part: f64) -> Budget {
        Budget {
            cases: ((self.cases as f64 * part).ceil() as usize).max(1),
            ..self
        }
    }
}

thread_local! {
    /// The notes of the run going on in this thread.
    static NOTES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Notes something short of a broken promise about the current input (an error message too
/// long to read, say): the run counts and shows notes without failing.
pub fn note(what: String) {
    NOTES.with(|notes| notes.borrow_mut().push(what));
}

/// The message a panic was raised with.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    match (
        payload.downcast_ref::<&str>(),
        payload.downcast_ref::<String>(),
    ) {
        (Some(text), _) => (*text).to_owned(),
        (_, Some(text)) => text.clone(),
        _ => "a panic without a message".to_owned(),
    }
}

/// One input that broke a promise.
struct Failure {
    input: String,
    why: String,
}

/// Feeds `name` `budget.cases` inputs drawn by `draw`, each checked by `check`, which returns
/// `true` when the entry point accepted the input and panics when a promise is broken (a panic
/// of the entry point itself counts the same). Prints the counts; if any input failed, returns
/// the report of the first few.
pub fn run(
    name: &str,
    budget: Budget,
    mut draw: impl FnMut(&mut Rng) -> String,
    check: impl Fn(&str) -> bool,
) -> Result<(), String> {
    let mut rng = Rng::new(budget.seed ^ hash(name));
    NOTES.with(|notes| notes.borrow_mut().clear());
    let watchdog = Watchdog::start(name);
    let (mut accepted, mut failures) = (0usize, Vec::new());
    for _ in 0..budget.cases {
        let input = draw(&mut rng);
        watchdog.watch(&input);
        let started = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| check(&input)));
        let took = started.elapsed();
        match outcome {
            Ok(ok) => accepted += usize::from(ok),
            Err(payload) => failures.push(Failure {
                input: input.clone(),
                why: panic_message(payload.as_ref()),
            }),
        }
        if took > SLOW {
            failures.push(Failure {
                input,
                why: format!("took {:.1} s", took.as_secs_f64()),
            });
        }
    }
    watchdog.stop();
    let notes = NOTES.with(|notes| notes.take());
    println!(
        "fuzz {name}: {} inputs, {accepted} accepted, {} failures, {} notes",
        budget.cases,
        failures.len(),
        notes.len()
    );
    if let Some(first) = notes.first() {
        println!("fuzz {name}: note: {first}");
    }
    if failures.is_empty() {
        return Ok(());
    }
    let listed: Vec<String> = failures
        .iter()
        .take(5)
        .map(|f| format!("  input {}\n    {}", show(&f.input), f.why))
        .collect();
    Err(format!(
        "fuzz {name}: {} of {} inputs broke a promise:\n{}",
        failures.len(),
        budget.cases,
        listed.join("\n")
    ))
}

/// The failure reports of several entry points, so that one failing entry point does not hide
/// the others.
#[derive(Default)]
pub struct Reports(Vec<String>);

impl Reports {
    /// Keeps the report of a run, if it failed.
    pub fn add(&mut self, run: Result<(), String>) {
        if let Err(report) = run {
            self.0.push(report);
        }
    }

    /// Panics with every failure report, if any.
    pub fn finish(self) {
        assert!(self.0.is_empty(), "\n{}", self.0.join("\n"));
    }
}

/// An input as a Rust string literal, shortened to a readable length.
pub fn show(input: &str) -> String {
    let escaped = format!("{input:?}");
    match escaped.char_indices().nth(300) {
        Some((end, _)) => format!("{}… ({} bytes)", &escaped[..end], input.len()),
        None => escaped,
    }
}

/// A stable hash of a name, so every entry point draws its own inputs.
fn hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Ends the process, naming the input, when one input runs past [`HANG`].
struct Watchdog {
    current: Arc<Mutex<(String, Instant)>>,
    done: Arc<AtomicBool>,
}

impl Watchdog {
    fn start(name: &str) -> Watchdog {
        let current = Arc::new(Mutex::new((String::new(), Instant::now())));
        let done = Arc::new(AtomicBool::new(false));
        let (watched, finished, name) = (current.clone(), done.clone(), name.to_owned());
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                let (input, since) = match watched.lock() {
                    Ok(guard) => (guard.0.clone(), guard.1),
                    Err(_) => return,
                };
                if since.elapsed() > HANG && !finished.load(Ordering::Relaxed) {
                    eprintln!(
                        "fuzz {name}: no answer after {HANG:?} for input {}",
                        show(&input)
                    );
                    std::process::exit(3);
                }
            }
        });
        Watchdog { current, done }
    }

    fn watch(&self, input: &str) {
        if let Ok(mut guard) = self.current.lock() {
            *guard = (input.to_owned(), Instant::now());
        }
    }

    fn stop(&self) {
        self.done.store(true, Ordering::Relaxed);
    }
}
