//! The bounds that keep the server's work, memory and waiting finite whatever it is sent.

use std::time::Duration;

/// The largest request body: a record file of a few thousand games (the PlayOK file of
/// 2 398 games is 1.7 MB).
pub const MAX_BODY_BYTES: usize = 4 << 20;

/// The most game titles a response lists.
pub const MAX_TITLES: usize = 5_000;

/// The most moves a request may give.
pub const MAX_PLIES: usize = 20_000;

/// The longest an engine move may think.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(30);

/// The longest an analysis may think.
pub const MAX_ANALYSIS_TIME: Duration = Duration::from_secs(120);

/// The most threads one search may take.
pub const MAX_SEARCH_THREADS: usize = 4;

/// The transposition table of one search.
pub const SEARCH_TABLE_BYTES: usize = 16 << 20;

/// Searches (engine moves and analyses) that run at once; more wait up to [`QUEUE_WAIT`],
/// then are refused.
pub const MAX_SEARCHES: usize = 2;

/// How long a search waits for its turn before it is refused.
pub const QUEUE_WAIT: Duration = Duration::from_secs(3);

/// The solver is tried where the board holds at most this many seeds.
pub const EXACT_MAX_SEEDS: u32 = 40;

/// The solver's node bound: a few seconds at most.
pub const EXACT_MAX_NODES: u64 = 3_000_000;

/// The solver's transposition table.
pub const EXACT_TABLE_BYTES: usize = 16 << 20;

/// Threads of the blocking pool that does the requests' work (searches included).
pub const WORK_THREADS: usize = 8;
