//! The games' side of the databases: Kalah and Toguz Kumalak, each behind a feature.

#[cfg(any(feature = "kalah", feature = "toguz"))]
use super::{DbError, Endgame};
#[cfg(any(feature = "kalah", feature = "toguz"))]
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

    fn db_position(&self, pits: &[u8], _extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        let total = (2 * rules.pits() * rules.seeds()) as u32;
        let rest = total.checked_sub(pits.iter().map(|&s| u32::from(s)).sum())?;
        kalah::Kalah::from_setup(kalah::Setup {
            rules,
            board: pits.to_vec(),
            stores: [rest / 2, rest - rest / 2],
            side,
            ply: 0,
            end: None,
        })
        .ok()
    }
}

/// Toguz Kumalak played to the end (no stop at a majority): the board, the tuzdiks and the
/// side to move decide the rest.
#[cfg(feature = "toguz")]
impl Endgame for toguz::Toguz {
    const CYCLES: bool = true;

    fn db_rules(&self) -> Result<String, DbError> {
        let rules = self.rules();
        if rules.stop_at_majority {
            return Err(DbError::Rules(
                "the stop at a majority makes the kazans decide too; play to the end".into(),
            ));
        }
        Ok(format!(
            "board={},tuzdik={:?}",
            rules.board.per_side(),
            rules.tuzdik
        ))
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

    fn db_position(&self, pits: &[u8], extra: u32, side: Side) -> Option<Self> {
        let rules = self.rules();
        let per_side = rules.board.per_side();
        let codes = per_side as u32 + 1;
        let tuzdiks = if rules.board.has_tuzdiks() {
            let (white, black) = (extra / codes, extra % codes);
            [
                (white > 0).then(|| per_side + white as usize - 1),
                (black > 0).then(|| black as usize - 1),
            ]
        } else {
            [None, None]
        };
        let rest = rules
            .board
            .seeds()
            .checked_sub(pits.iter().map(|&s| u32::from(s)).sum())?;
        let half = rest / 2;
        // Any split the setup accepts (kazans are even but for a tuzdik's owner, who holds
        // at least 3).
        [
            half,
            half + 1,
            half.wrapping_sub(1),
            half + 2,
            half.wrapping_sub(2),
        ]
        .into_iter()
        .filter(|&south| south <= rest)
        .find_map(|south| {
            toguz::Toguz::from_setup(toguz::Setup {
                holes: pits.iter().map(|&s| u32::from(s)).collect(),
                kazans: [south, rest - south],
                tuzdiks,
                side_to_move: side,
                rules,
            })
            .ok()
        })
        .filter(|p| !p.is_over())
    }
}

#[cfg(feature = "toguz")]
use mancala_engine::Position as _;
