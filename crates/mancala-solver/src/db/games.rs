//! The games' side of the solver, each behind a feature: how each is solved ([`Solved`]), and
//! the databases of Kalah, Toguz Kumalak and Oware ([`Endgame`]).

#[cfg(any(
    feature = "kalah",
    feature = "toguz",
    feature = "oware",
    feature = "katro",
    feature = "mangala4"
))]
use crate::solved::Solved;
#[cfg(any(feature = "kalah", feature = "toguz", feature = "oware"))]
use crate::{solved::EndgameOps, Keys};

#[cfg(any(feature = "kalah", feature = "toguz", feature = "oware"))]
use super::{DbError, Endgame};
#[cfg(any(feature = "kalah", feature = "toguz", feature = "oware"))]
use mancala_engine::{Game, Side};

/// Kalah without a move limit: the board and the side to move decide the rest.
#[cfg(feature = "kalah")]
impl Endgame for kalah::Kalah {
    const CYCLES: bool = false;

    fn db_rules(&self) -> Result<String, DbError> {
        let rules = self.rules();
        if rules.max_plies() != 0 {
            return Err(DbError::Rules(
                "a move limit makes the move count decide too".into(),
            ));
        }
        Ok(rules.to_string())
    }

    fn db_template(&self) -> Self {
        kalah::Kalah::new(self.db_template_rules())
    }

    fn db_template_rules(&self) -> kalah::RuleSet {
        self.rules().with_max_plies(0)
    }

    fn db_position(&self, pits: &[u8], _extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        kalah::Kalah::from_setup(kalah::Setup {
            rules,
            board: pits.to_vec(),
            stores: even_stores(self.total_seeds(), pits)?,
            side,
            ply: 0,
            end: None,
        })
        .ok()
    }

    fn db_position_quick(&self, pits: &[u8], _extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        kalah::Kalah::from_board(rules, pits, even_stores(self.total_seeds(), pits)?, side).ok()
    }

    fn with_db_board<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        f(self.pit_seeds())
    }
}

/// The stores of a database position with `pits` on the board, in a game of `total` seeds:
/// the seeds off the board split as evenly as they go (where the board alone decides the rest,
/// any split would do); `None` for more seeds than the game has.
#[cfg(any(feature = "kalah", feature = "oware"))]
fn even_stores(total: u32, pits: &[u8]) -> Option<[u32; 2]> {
    let rest = total.checked_sub(pits.iter().map(|&s| u32::from(s)).sum())?;
    Some([rest / 2, rest - rest / 2])
}

/// Oware played to the end (no stop at a majority) without a move limit. Its future is
/// decided by the board, the side to move and the repetition record (the boards since the
/// last capture: a board that comes back with the same side to move ends the game, and each
/// player collects the seeds on his own row). A database holds boards alone, so it values every
/// position as if its record held no earlier board (the start of a game, or right after a
/// capture: the positions a search enters a level by), in a game without the repetition
/// rule, where play without a capture may go on for ever and the seeds left then go all to
/// South ([`Endless::South`](crate::Endless::South)) or all to North, both built.
///
/// For a position with no earlier board in its record, the two bracket its value under
/// Oware's rule: from South's side, the North convention's value is at most it and the South
/// convention's at least. South, playing at every board a move best under the North
/// convention, gets at least that value: a line Oware ends by a repetition has gone from the
/// board that came back to itself without a capture, and as South's choices depend on the
/// board alone, that cycle repeated for ever is a line of the databases' game his moves
/// allow, which gives him at least the value with every seed left going to North; Oware's end
/// gives him his own row's seeds besides. North likewise for the other bound. Where the two
/// conventions agree the value is exact under Oware's rule. For a position with earlier
/// boards in its record the databases give the value with the record cleared, which may be
/// another: a board of the record that comes back ends the game there, which they do not see.
/// A search from the start, or from a position above the levels, enters them by captures
/// only, so its value brackets Oware's the same way; from a position inside them, its best
/// moves are those of the databases' game.
#[cfg(feature = "oware")]
impl Endgame for oware::Oware {
    const CYCLES: bool = true;
    const HISTORY: bool = true;

    fn db_rules(&self) -> Result<String, DbError> {
        let rules = self.rules();
        if rules.max_plies() != 0 {
            return Err(DbError::Rules(
                "a move limit makes the move count decide too".into(),
            ));
        }
        if rules.stop_at_majority() {
            return Err(DbError::Rules(
                "the stop at a majority makes the stores decide too; play to the end".into(),
            ));
        }
        Ok(rules.to_string())
    }

    fn db_template(&self) -> Self {
        oware::Oware::new(self.db_template_rules())
    }

    fn db_template_rules(&self) -> oware::RuleSet {
        self.rules().with_max_plies(0).with_stop_at_majority(false)
    }

    fn db_position(&self, pits: &[u8], _extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        oware::Oware::from_setup(oware::Setup {
            rules,
            board: pits.to_vec(),
            stores: even_stores(self.total_seeds(), pits)?,
            side,
            ply: 0,
            last_capture: Vec::new(),
            since_capture: Vec::new(),
            end: None,
        })
        .ok()
    }

    fn db_position_quick(&self, pits: &[u8], _extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        oware::Oware::from_board(rules, pits, even_stores(self.total_seeds(), pits)?, side).ok()
    }

    fn db_record_empty(&self) -> bool {
        self.since_capture() == 0
    }

    const UNMOVES: bool = true;

    /// A move lifts a house's `count` seeds and sows them one a house into the others round
    /// the board, never back into its own, which ends the move empty. Undone from each of
    /// South's empty houses and each count the board allows. Every such sowing is listed,
    /// captures or not: a grand slam sows and takes nothing.
    fn db_unmoves(&self, after: &[u8], found: &mut dyn FnMut(&[u8], oware::Move)) {
        let holes = after.len();
        let others = holes.saturating_sub(1).max(1);
        let total: usize = after.iter().map(|&s| usize::from(s)).sum();
        let mut before = [0u8; 2 * oware::MAX_HOUSES];
        let Some(before) = before.get_mut(..holes) else {
            return;
        };
        for from in (0..holes / 2).filter(|&from| after[from] == 0) {
            let mv = oware::Move::new(from as u8 + 1);
            // Each lap puts a seed into every other house.
            let fewest = (1..holes).map(|step| after[(from + step) % holes]).min();
            let most = (usize::from(fewest.unwrap_or(0)) + 1) * others - 1;
            for count in 1..=total.min(most) {
                if let Some(before) = unsow(after, from, count, 1, before) {
                    found(before, mv);
                }
            }
        }
    }

    fn with_db_board<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        f(self.house_seeds())
    }
}

/// Toguz Kumalak played to the end (no stop at a majority): the board, the tuzdiks and the
/// side to move decide the rest. With the stop, on the board without tuzdiks (2 × 5), the
/// kazans decide too and are kept as score states; a player's databases
/// ([`db_template`](Endgame::db_template)) are still those played to the end, which give the
/// winner with the stop as well.
#[cfg(feature = "toguz")]
impl Endgame for toguz::Toguz {
    const CYCLES: bool = true;

    fn db_rules(&self) -> Result<String, DbError> {
        let rules = self.rules();
        if rules.stop_at_majority && !toguz_scored(rules) {
            return Err(DbError::Rules(
                "the stop at a majority makes the kazans decide too; play to the end (or play \
                 on 2 × 5, whose databases keep the kazans)"
                    .into(),
            ));
        }
        Ok(format!(
            "board={},tuzdik={:?}{}",
            rules.board.per_side(),
            rules.tuzdik,
            if rules.stop_at_majority {
                ",stop-at-majority"
            } else {
                ""
            }
        ))
    }

    /// With the stop on 2 × 5: the kazans from the smaller of this position's up to the
    /// largest even count without a majority, two seeds a step (at least two states). Kazans
    /// without a tuzdik are even and only grow, so these hold every position of a game from
    /// here.
    fn db_score_states(&self) -> u32 {
        let rules = self.rules();
        if !toguz_scored(rules) {
            return 1;
        }
        let least = self.kazan(Side::South).min(self.kazan(Side::North)) & !1;
        ((toguz_most_kazan(rules).saturating_sub(least)) / 2 + 1).max(2)
    }

    /// White's kazans possible with `seeds` on the board, Black's holding the rest.
    fn db_level_scores(&self, seeds: u32) -> u32 {
        let all = self.rules().board.seeds();
        all.checked_sub(seeds).map_or(0, |rest| {
            toguz_kept(self, rest).map_or(1, |(_, count)| count)
        })
    }

    /// A kazan's state counts up from the least it holds with this board, two seeds a step.
    fn db_score_state(&self, states: u32) -> Option<(u32, u32)> {
        let rules = self.rules();
        if states <= 1 || !toguz_scored(rules) {
            return Some((0, 0));
        }
        let [south, north] = [Side::South, Side::North].map(|side| self.kazan(side));
        let (least, count) = toguz_kazans(rules, states, south + north);
        let state = |kazan: u32| {
            (kazan % 2 == 0 && kazan >= least)
                .then(|| (kazan - least) / 2)
                .filter(|&state| state < count)
        };
        Some((state(south)?, state(north)?))
    }

    fn db_mirror_score(&self, state: u32, seeds: u32) -> Option<u32> {
        let rules = self.rules();
        if !toguz_scored(rules) {
            return Some(state);
        }
        let rest = rules.board.seeds().checked_sub(seeds)?;
        let (least, count) = toguz_kept(self, rest)?;
        let north = rest.checked_sub(least + 2 * state)?;
        (state < count && north >= least).then(|| (north - least) / 2)
    }

    fn db_template(&self) -> Self {
        toguz::Toguz::new(self.db_template_rules())
    }

    fn db_template_rules(&self) -> toguz::RuleSet {
        toguz::RuleSet {
            stop_at_majority: false,
            ..self.rules()
        }
    }

    /// Without tuzdiks (2 × 5) a capture takes an even count and nothing else leaves the
    /// board; a tuzdik takes its three, and its owner's seeds one at a time.
    fn db_even_moves(&self) -> bool {
        !self.rules().board.has_tuzdiks()
    }

    const UNMOVES: bool = true;

    /// A move that keeps the seed count sows its hole's `count` seeds without a capture: one
    /// seed alone goes on to the next hole, more put the first back into their hole and the
    /// rest one a hole round the board, so the hole keeps one seed a lap; the last lands in
    /// South's own row or leaves an odd count in North's. Undone from each of South's holes
    /// and each count its seeds allow. (With tuzdiks some listed moves would sow into one or
    /// make one, which take seeds off the board: listed all the same.)
    fn db_unmoves(&self, after: &[u8], found: &mut dyn FnMut(&[u8], toguz::Move)) {
        let holes = after.len();
        let total: usize = after.iter().map(|&s| usize::from(s)).sum();
        let no_capture = |last: usize| last < holes / 2 || after[last] % 2 == 1;
        let mut before = [0u8; 2 * toguz::BoardSize::Nine.per_side()];
        let Some(before) = before.get_mut(..holes) else {
            return;
        };
        for from in 0..holes / 2 {
            let mv = toguz::Move::new(from as u8 + 1);
            if after[from] == 0 && after[from + 1] > 0 && no_capture(from + 1) {
                before.copy_from_slice(after);
                before[from] = 1;
                before[from + 1] -= 1;
                found(before, mv);
            }
            // A sowing of `laps` laps less one and `part` seeds more: the hole itself kept
            // one seed a lap, and so did every other hole, and the first `part - 1` after it
            // one seed more. Walking `part` up takes one seed more off one hole at a time.
            let laps = usize::from(after[from]);
            let Some(full) = laps.checked_sub(1) else {
                continue;
            };
            before.copy_from_slice(after);
            if before.iter().any(|&seeds| usize::from(seeds) < full) {
                continue;
            }
            for seeds in before.iter_mut() {
                *seeds -= full as u8;
            }
            for part in 1..=holes {
                let last = (from + part - 1) % holes;
                if part > 1 {
                    if before[last] == 0 {
                        break;
                    }
                    before[last] -= 1;
                }
                let count = full * holes + part;
                if count > total {
                    break;
                }
                if count < 2 || !no_capture(last) {
                    continue;
                }
                let Ok(count) = u8::try_from(count) else {
                    break;
                };
                before[from] = count;
                found(before, mv);
            }
        }
    }

    /// Without tuzdiks: a listed sowing starts from a hole with seeds, so the position has
    /// the move and is not over (played to the end, a game ends only where the side to move
    /// has none), and the landing rules out a capture.
    fn db_unmoves_exact(&self) -> bool {
        !self.rules().board.has_tuzdiks()
    }

    fn db_extra_states(&self) -> u32 {
        let board = self.rules().board;
        if board.has_tuzdiks() {
            let codes = board.per_side() as u32 + 1;
            codes * codes
        } else {
            1
        }
    }

    fn db_extra(&self) -> u32 {
        let board = self.rules().board;
        if !board.has_tuzdiks() {
            return 0;
        }
        let per_side = board.per_side();
        let codes = per_side as u32 + 1;
        // White's tuzdik lies on Black's row (canonical indices from `per_side`), Black's on
        // White's; 0 for none, else the place in the row plus 1.
        let white = self
            .tuzdik(Side::South)
            .map_or(0, |i| (i - per_side + 1) as u32);
        let black = self.tuzdik(Side::North).map_or(0, |i| i as u32 + 1);
        white * codes + black
    }

    /// The rows swapped: White's tuzdik on Black's row becomes Black's at the same place on
    /// White's row, and the other way round.
    fn db_mirror_extra(&self, extra: u32) -> u32 {
        let codes = self.rules().board.per_side() as u32 + 1;
        (extra % codes) * codes + extra / codes
    }

    fn db_position(&self, pits: &[u8], extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        let (rest, tuzdiks, mut splits) = toguz_state(self, pits, extra)?;
        splits
            .find_map(|south| toguz_setup(rules, pits, [south, rest - south], tuzdiks, side).ok())
            .filter(|p| !p.is_over())
    }

    fn db_position_quick(&self, pits: &[u8], extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        let (rest, tuzdiks, mut splits) = toguz_state(self, pits, extra)?;
        // The splits of `db_position`, through the same checks, without a `Setup` to allocate.
        let mut holes = [0u32; 2 * toguz::BoardSize::Nine.per_side()];
        let holes = holes.get_mut(..pits.len())?;
        for (hole, &seeds) in holes.iter_mut().zip(pits) {
            *hole = u32::from(seeds);
        }
        splits
            .find_map(|south| {
                toguz::Toguz::from_holes(holes, [south, rest - south], tuzdiks, side, rules).ok()
            })
            .filter(|p| !p.is_over())
    }

    fn with_db_board<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        f(self.holes())
    }
}

/// The tuzdiks of the extra state `extra` (see [`Endgame::db_extra`] for Toguz Kumalak).
/// The board before a sowing of `count` seeds from hole `from` that left `after`: one seed a
/// hole round the board from hole `from + first` on (`first` 0 where the first seed goes back
/// into its own hole, 1 where the sowing passes over it), `count` in `from` before; `None`
/// where `after` holds too few seeds for it. Written into `before`, as long as `after`.
#[cfg(any(feature = "toguz", feature = "oware"))]
fn unsow<'b>(
    after: &[u8],
    from: usize,
    count: usize,
    first: usize,
    before: &'b mut [u8],
) -> Option<&'b [u8]> {
    let holes = after.len();
    let lap = holes - first;
    let (full, part) = (count / lap, count % lap);
    for step in first..holes {
        let hole = (from + step) % holes;
        let sown = full + usize::from(step - first < part);
        before[hole] = u8::try_from(usize::from(after[hole]).checked_sub(sown)?).ok()?;
    }
    before[from] = u8::try_from(count).ok()?;
    Some(before)
}

#[cfg(feature = "toguz")]
fn toguz_tuzdiks(rules: toguz::RuleSet, extra: u32) -> [Option<usize>; 2] {
    let per_side = rules.board.per_side();
    let codes = per_side as u32 + 1;
    if rules.board.has_tuzdiks() {
        let (white, black) = (extra / codes, extra % codes);
        [
            (white > 0).then(|| per_side + white as usize - 1),
            (black > 0).then(|| black as usize - 1),
        ]
    } else {
        [None, None]
    }
}

/// The seeds in the kazans when `pits` are on the board, or `None` for too many.
#[cfg(feature = "toguz")]
fn toguz_rest(rules: toguz::RuleSet, pits: &[u8]) -> Option<u32> {
    rules
        .board
        .seeds()
        .checked_sub(pits.iter().map(|&s| u32::from(s)).sum())
}

/// Whether the kazans decide too under `rules`, and the databases keep them: the stop at a
/// majority on the board without tuzdiks.
#[cfg(feature = "toguz")]
fn toguz_scored(rules: toguz::RuleSet) -> bool {
    rules.stop_at_majority && !rules.board.has_tuzdiks()
}

/// The largest even kazan without a majority of the game's seeds.
#[cfg(feature = "toguz")]
fn toguz_most_kazan(rules: toguz::RuleSet) -> u32 {
    (rules.board.seeds() / 2) & !1
}

/// White's kazans in databases of `states` score states where the kazans hold `rest`: the
/// least, and how many (two seeds a step). Each kazan is even, from the databases' least
/// (`states - 1` steps below the largest without a majority) to that largest.
#[cfg(feature = "toguz")]
fn toguz_kazans(rules: toguz::RuleSet, states: u32, rest: u32) -> (u32, u32) {
    let most = toguz_most_kazan(rules);
    let least = most.saturating_sub(2 * states.saturating_sub(1));
    let low = least.max(rest.saturating_sub(most));
    match rest.checked_sub(least) {
        Some(high) if rest % 2 == 0 && high.min(most) >= low => {
            (low, (high.min(most) - low) / 2 + 1)
        }
        _ => (low, 0),
    }
}

/// White's kazans `template`'s databases keep where the kazans hold `rest`, as
/// [`toguz_kazans`] gives them; `None` where they keep no kazans.
#[cfg(feature = "toguz")]
fn toguz_kept(template: &toguz::Toguz, rest: u32) -> Option<(u32, u32)> {
    let rules = template.rules();
    toguz_scored(rules).then(|| toguz_kazans(rules, template.db_score_states(), rest))
}

/// The seeds in the kazans, the tuzdiks and White's kazans to try for the state `extra` of
/// `template`'s databases with `pits` on the board; `None` where no position has them.
#[cfg(feature = "toguz")]
fn toguz_state(
    template: &toguz::Toguz,
    pits: &[u8],
    extra: u32,
) -> Option<(u32, [Option<usize>; 2], impl Iterator<Item = u32>)> {
    let rules = template.rules();
    let rest = toguz_rest(rules, pits)?;
    let kept = toguz_kept(template, rest);
    let scores = kept.map_or(1, |(_, count)| count);
    (scores > 0).then(|| {
        let tuzdiks = toguz_tuzdiks(rules, extra / scores);
        (rest, tuzdiks, toguz_splits(kept, extra, rest))
    })
}

/// White's kazan in the splits of `rest` tried, in order, for the state `extra`: where the
/// databases keep the kazans (`kept`, from [`toguz_kept`]), the one its score state gives, if
/// Black's is kept too; else any split the setup accepts does (kazans are even but for a
/// tuzdik's owner, who holds at least 3).
#[cfg(feature = "toguz")]
fn toguz_splits(kept: Option<(u32, u32)>, extra: u32, rest: u32) -> impl Iterator<Item = u32> {
    let half = rest / 2;
    let tried = if let Some((least, count)) = kept {
        let kept = |south: &u32| {
            rest.checked_sub(*south)
                .is_some_and(|north| north >= least && north - least < 2 * count)
        };
        let south = Some(least + 2 * (extra % count.max(1))).filter(kept);
        [south, None, None, None, None]
    } else {
        [
            Some(half),
            Some(half + 1),
            half.checked_sub(1),
            Some(half + 2),
            half.checked_sub(2),
        ]
    };
    tried
        .into_iter()
        .flatten()
        .filter(move |&south| south <= rest)
}

/// The validated setup of a database position.
#[cfg(feature = "toguz")]
fn toguz_setup(
    rules: toguz::RuleSet,
    pits: &[u8],
    kazans: [u32; 2],
    tuzdiks: [Option<usize>; 2],
    side: Side,
) -> Result<toguz::Toguz, toguz::SetupError> {
    toguz::Toguz::from_setup(toguz::Setup {
        holes: pits.iter().map(|&s| u32::from(s)).collect(),
        kazans,
        tuzdiks,
        side_to_move: side,
        rules,
    })
}

#[cfg(feature = "toguz")]
use mancala_engine::Position as _;

#[cfg(all(test, feature = "kalah", feature = "toguz", feature = "oware"))]
mod tests {
    use super::super::index::{next_board, Binomials};
    use super::*;

    /// Every board of `template`'s pits with up to `max_seeds` seeds, with every extra state
    /// and side: the quick position is the validated one; and how many exist.
    fn quick_is_plain<G: Endgame + PartialEq + core::fmt::Debug>(template: &G, max_seeds: usize) {
        let mut some = 0;
        each_board(template, max_seeds, |board, _, extra| {
            for side in Side::BOTH {
                let plain = template.db_position(board, extra, side);
                some += usize::from(plain.is_some());
                assert_eq!(template.db_position_quick(board, extra, side), plain);
            }
        });
        assert!(some > 0);
    }

    /// Calls `f` with every board of `template`'s pits with up to `max_seeds` seeds, its
    /// seeds and each extra state.
    fn each_board<G: Endgame>(
        template: &G,
        max_seeds: usize,
        mut f: impl FnMut(&[u8], usize, u32),
    ) {
        let pits = template.db_pits();
        let binomials = Binomials::new(max_seeds + pits + 1);
        for seeds in 0..=max_seeds {
            let mut board = vec![0; pits];
            binomials.unrank(0, seeds, &mut board);
            loop {
                for extra in 0..template.db_extra_states() {
                    f(&board, seeds, extra);
                }
                if !next_board(&mut board) {
                    break;
                }
            }
        }
    }

    #[test]
    fn the_template_serves_rules_the_databases_refuse() {
        let kalah = kalah::Kalah::new(kalah::RuleSet::with_board(4, 3).unwrap());
        assert!(kalah.db_rules().is_err());
        let template = kalah.db_template();
        assert!(template.db_rules().is_ok());
        assert_eq!(template.rules(), kalah.rules().with_max_plies(0));
        let toguz = toguz::Toguz::new(toguz::RuleSet {
            board: toguz::BoardSize::Seven,
            ..toguz::RuleSet::STANDARD
        });
        assert!(toguz.db_rules().is_err());
        let template = toguz.db_template();
        assert!(template.db_rules().is_ok());
        assert_eq!(
            template.rules(),
            toguz::RuleSet {
                stop_at_majority: false,
                ..toguz.rules()
            }
        );
    }

    #[cfg(feature = "oware")]
    #[test]
    fn oware_s_template_plays_to_the_end_without_a_limit() {
        let oware = oware::Oware::new(oware::RuleSet::with_board(4, 2).unwrap());
        assert!(oware.db_rules().is_err());
        let template = oware.db_template();
        assert!(template.db_rules().is_ok());
        assert_eq!(
            template.rules(),
            oware.rules().with_max_plies(0).with_stop_at_majority(false)
        );
    }

    #[test]
    fn quick_positions_are_the_validated_ones() {
        for empty in [false, true] {
            let rules = kalah::RuleSet::with_board(3, 3)
                .unwrap()
                .with_empty_capture(empty)
                .with_max_plies(0);
            quick_is_plain(&kalah::Kalah::new(rules), 8);
        }
        for (board, max) in [(toguz::BoardSize::Five, 6), (toguz::BoardSize::Seven, 3)] {
            let rules = toguz::RuleSet {
                board,
                stop_at_majority: false,
                ..toguz::RuleSet::STANDARD
            };
            quick_is_plain(&toguz::Toguz::new(rules), max);
        }
        for (houses, seeds, max) in [(3, 2, 12), (4, 1, 8), (6, 4, 4)] {
            let played_to_the_end =
                oware::Oware::new(oware::RuleSet::with_board(houses, seeds).unwrap()).db_template();
            quick_is_plain(&played_to_the_end, max);
        }
    }

    /// How many moves of South's that keep the seed count, from every board of up to
    /// `max` seeds and every extra state, `template`'s game lists into the board each leads
    /// to; fails on one it does not list.
    fn unmoves_listed<G: Endgame>(template: &G, max: usize) -> usize {
        let mut checked = 0;
        each_board(template, max, |board, seeds, extra| {
            let Some(position) = template.db_position(board, extra, Side::South) else {
                return;
            };
            for mv in position.legal_moves() {
                let child = position.child(mv);
                let after = child.with_db_board(|after| after.to_vec());
                let kept = after.iter().map(|&s| usize::from(s)).sum::<usize>();
                if child.is_over() || kept != seeds {
                    continue;
                }
                assert_eq!(child.db_extra(), extra);
                let mut listed = false;
                template.db_unmoves(&after, &mut |before, unmove| {
                    listed |= before == board && unmove == mv;
                });
                assert!(listed, "{board:?} {mv:?} is not listed into {after:?}");
                checked += 1;
            }
        });
        checked
    }

    /// Where a game says its list is exact (Toguz Kumalak 2 × 5), every pair it lists into a
    /// position not over is a legal move of a position not over that keeps the seed count and
    /// leads there, and no pair comes twice; where it does not (with tuzdiks), some are not.
    #[test]
    fn exact_unmoves_list_only_the_moves_there_are() {
        for (board, max, exact) in [
            (toguz::BoardSize::Five, 10, true),
            (toguz::BoardSize::Seven, 4, false),
        ] {
            let rules = toguz::RuleSet {
                board,
                stop_at_majority: false,
                ..toguz::RuleSet::STANDARD
            };
            let template = toguz::Toguz::new(rules);
            assert_eq!(template.db_unmoves_exact(), exact);
            let (mut listed, mut wrong) = (0, 0);
            each_board(&template, max, |after, seeds, extra| {
                let Some(child) = template.db_position(after, extra, Side::North) else {
                    return;
                };
                let mut seen = Vec::new();
                template.db_unmoves(after, &mut |before, mv| {
                    listed += 1;
                    assert!(!seen.contains(&(before.to_vec(), mv)), "{before:?} twice");
                    seen.push((before.to_vec(), mv));
                    let into = template
                        .db_position(before, extra, Side::South)
                        .filter(|parent| parent.legal_moves().contains(&mv))
                        .map(|parent| parent.child(mv))
                        .is_some_and(|c| c == child && !c.is_over());
                    let kept = before.iter().map(|&s| usize::from(s)).sum::<usize>() == seeds;
                    wrong += usize::from(!(into && kept));
                });
            });
            assert!(listed > 10_000, "{listed}");
            assert_eq!(
                wrong == 0,
                exact,
                "{wrong} of {listed} listed are no such move"
            );
        }
    }

    /// Toguz Kumalak, with tuzdiks and without, and Oware, whose sowing passes over its own
    /// house, list every move that keeps the seed count.
    #[test]
    fn unmoves_list_every_move_that_keeps_the_seed_count() {
        for (board, max) in [(toguz::BoardSize::Five, 9), (toguz::BoardSize::Seven, 4)] {
            let rules = toguz::RuleSet {
                board,
                stop_at_majority: false,
                ..toguz::RuleSet::STANDARD
            };
            let checked = unmoves_listed(&toguz::Toguz::new(rules), max);
            assert!(checked > 10_000, "{checked}");
        }
        // 2 × 3 to 14 seeds: sowings of more than a lap.
        for (houses, max) in [(3, 14), (4, 9), (6, 5)] {
            let rules = oware::RuleSet::with_board(houses, 4).unwrap();
            let checked = unmoves_listed(&oware::Oware::new(rules).db_template(), max);
            assert!(checked > 1_000, "{checked}");
        }
    }
}

/// Kalah: without its move limit unless one is asked for; the board decides the rest.
#[cfg(feature = "kalah")]
impl Solved for kalah::Kalah {
    const MONOTONE_SCORES: bool = true;

    fn solve_rules(rules: kalah::RuleSet) -> kalah::RuleSet {
        rules.with_max_plies(0)
    }

    fn solve_keys(position: &Self) -> Keys<Self> {
        Keys::best_for(position)
    }

    fn endgame() -> Option<EndgameOps<Self>> {
        Some(EndgameOps::of())
    }
}

/// Oware: without its move limit unless one is asked for; whole positions, the repetition
/// record deciding the rest too.
#[cfg(feature = "oware")]
impl Solved for oware::Oware {
    const MONOTONE_SCORES: bool = true;

    fn solve_rules(rules: oware::RuleSet) -> oware::RuleSet {
        rules.with_max_plies(0)
    }

    fn solve_keys(position: &Self) -> Keys<Self> {
        Keys::best_for(position)
    }

    fn endgame() -> Option<EndgameOps<Self>> {
        Some(EndgameOps::of())
    }
}

/// Toguz Kumalak: played to the end, the board and the tuzdiks decide the rest.
#[cfg(feature = "toguz")]
impl Solved for toguz::Toguz {
    const MONOTONE_SCORES: bool = true;

    fn solve_keys(position: &Self) -> Keys<Self> {
        Keys::best_for(position)
    }

    fn endgame() -> Option<EndgameOps<Self>> {
        Some(EndgameOps::of())
    }
}

/// Katro: the seeds never leave the board, so no databases; whole positions.
#[cfg(feature = "katro")]
impl Solved for katro::Katro {
    const MONOTONE_SCORES: bool = false;
}

/// Mangala IV: whole positions, no databases.
#[cfg(feature = "mangala4")]
impl Solved for mangala4::Mangala4 {
    const MONOTONE_SCORES: bool = false;
}
