//! Toguz Kumalak for learning agents: 18 action ids (`0..9` sow the mover's holes 1..9,
//! `9..18` the same claiming a tuzdik), the tuzdiks as two marker planes, and a quicker
//! observation and move on the standard board.

use crate::{BoardSize, Effect, Move, MoveError, RuleSet, Toguz, TuzdikRule};
use mancala_engine::actions::{self, write_observation, Actions, Fact, LeBytes};
use mancala_engine::{Game, Position, Rng, Side};

/// Why the rules never let `mv` be played: a hole past the row, or a claim under automatic
/// tuzdiks.
fn rule_error(game: &Toguz, mv: Move) -> Option<MoveError> {
    let rules = game.rules();
    let per_side = rules.board.per_side();
    if usize::from(mv.number()) > per_side {
        Some(MoveError::NoSuchHole {
            number: mv.number(),
            per_side,
        })
    } else if mv.claims_tuzdik() && rules.tuzdik == TuzdikRule::Automatic {
        Some(MoveError::ClaimNotAllowed)
    } else {
        None
    }
}

impl Actions for Toguz {
    /// 18 on every board: the ids of the holes a smaller board lacks name no move.
    fn num_actions(&self) -> usize {
        18
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action).filter(|&mv| rule_error(self, mv).is_none())
    }

    fn no_move(&self, action: usize) -> String {
        match Move::from_action(action).and_then(|mv| rule_error(self, mv)) {
            Some(why) => format!("action {action}: {why}"),
            None => format!("action {action} names no move in this position"),
        }
    }

    fn legal_action_bits(&self) -> u64 {
        u64::from(Toguz::legal_action_bits(self))
    }

    fn play_quick(&mut self, mv: Move) {
        Toguz::play_quick(self, mv);
    }

    #[inline(always)]
    fn play_random_action(&mut self, legal: &mut u64, rng: &mut Rng) -> Option<usize> {
        if self.rules() == RuleSet::STANDARD {
            // The mover's row: the ids of the standard rules are its holes.
            return self.play_random_action_nine(legal, rng);
        }
        actions::play_random_action(self, legal, rng)
    }

    /// The player's tuzdik, then his opponent's: `1.0` on the hole it is.
    const PLANES: usize = 2;

    fn write_planes(
        &self,
        player: Side,
        holes: usize,
        view: &dyn Fn(usize) -> usize,
        mark: &mut dyn FnMut(usize),
    ) {
        for (plane, side) in [player, !player].into_iter().enumerate() {
            if let Some(hole) = self.tuzdik(side) {
                mark(plane * holes + view(hole));
            }
        }
    }

    #[inline(always)]
    fn observe_le_bytes(&self, player: Side, over: bool, out: &mut [u8]) {
        if self.rules().board == BoardSize::Nine {
            if let Ok(out) = <&mut [u8; NINE_BYTES]>::try_from(&mut *out) {
                return observe_nine(self, player, over, out);
            }
        }
        write_observation(self, player, &mut LeBytes(out));
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("landing", Fact::Int(effect.landing as i64)),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("tuzdik", Fact::Hole(effect.tuzdik)),
        ]
    }
}

/// Floats in the observation of the standard board: 18 holes, 2 kazans, 2 tuzdik planes of
/// 18, the side to move as 2 flags.
const NINE: usize = 58;

/// Bytes of that observation.
const NINE_BYTES: usize = 4 * NINE;

/// `PLANE_AT[me][plane][hole]`: where, in bytes from the start of the tuzdik planes, plane
/// `plane` marks a tuzdik on canonical hole `hole` as player `me` sees it (North sees the rows
/// swapped); for no tuzdik (`hole` 18, and the spare ones to 31), the first flag after the
/// planes. A look-up rather than tests, which differ unpredictably from one game of a batch to
/// the next.
static PLANE_AT: [[[u8; 32]; 2]; 2] = {
    let mut table = [[[0u8; 32]; 2]; 2];
    let mut me = 0;
    while me < 2 {
        let mut plane = 0;
        while plane < 2 {
            let mut hole = 0;
            while hole < 32 {
                let at = if hole < 18 {
                    18 * plane + (hole + 9 * me) % 18
                } else {
                    36
                };
                table[me][plane][hole] = (4 * at) as u8;
                hole += 1;
            }
            plane += 1;
        }
        me += 1;
    }
    table
};

/// [`write_observation`] on the 2 × 9 board, its length a constant: each part stored straight
/// into `out`, the side and the tuzdiks picked without a branch (both differ from one game of
/// a batch to the next, unpredictably).
#[inline(always)]
fn observe_nine(game: &Toguz, player: Side, over: bool, out: &mut [u8; NINE_BYTES]) {
    let Some((south, north)) = game
        .holes()
        .split_first_chunk::<9>()
        .and_then(|(south, rest)| Some((south, rest.first_chunk::<9>()?)))
    else {
        return write_observation(game, player, &mut LeBytes(out));
    };
    let rows = [south, north];
    let me = player.index();
    let (rows_out, rest) = out.split_at_mut(72);
    // The player's row first; the counts converted all at once.
    let mut counts = [0u8; 18];
    counts[..9].copy_from_slice(rows[me]);
    counts[9..].copy_from_slice(rows[1 - me]);
    for (bytes, count) in rows_out.chunks_exact_mut(4).zip(counts.map(f32::from)) {
        bytes.copy_from_slice(&count.to_le_bytes());
    }
    let (kazans, rest) = rest.split_at_mut(8);
    kazans[..4].copy_from_slice(&(game.kazan(player) as f32).to_le_bytes());
    kazans[4..].copy_from_slice(&(game.kazan(!player) as f32).to_le_bytes());
    // The two tuzdik planes, then the two flags of the side to move (written last, over the
    // first flag, where a missing tuzdik's one goes).
    rest[..144].fill(0);
    for (plane, side) in [player, !player].into_iter().enumerate() {
        let hole = usize::from(game.tuzdiks[side.index()]) % 32;
        let at = usize::from(PLANE_AT[me][plane][hole]);
        if let Some(cell) = rest.get_mut(at..at + 4) {
            cell.copy_from_slice(&1f32.to_le_bytes());
        }
    }
    // Both flags in one word (`0x3F80_0000` is 1.0): the side to move's, if the game goes on.
    let going = !over;
    let to_move = game.side_to_move() == player;
    let both = u64::from(going & to_move) | u64::from(going & !to_move) << 32;
    rest[144..].copy_from_slice(&(both * 0x3F80_0000).to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;
    use mancala_engine::actions::observation_len;

    /// The quick observation of the standard board is the general one, byte for byte, at
    /// every ply of whole games, their ends included.
    #[test]
    fn the_quick_observation_is_the_general_one() {
        let mut rng = mancala_engine::Rng::new(5);
        for _ in 0..20 {
            let mut game = Toguz::default();
            loop {
                for player in Side::BOTH {
                    let n = observation_len(&game);
                    let (mut quick, mut general) = (vec![0; 4 * n], vec![0; 4 * n]);
                    game.observe_le_bytes(player, game.is_over(), &mut quick);
                    write_observation(&game, player, &mut LeBytes(&mut general));
                    assert_eq!(quick, general, "{game}");
                }
                if game.is_over() {
                    break;
                }
                let moves = game.legal_moves();
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_quick(mv);
            }
        }
    }

    #[test]
    fn ids_the_rules_never_use_name_no_move() {
        let small = Toguz::new(RuleSet {
            board: BoardSize::Seven,
            ..RuleSet::default()
        });
        assert!(small.move_of(7).is_none());
        assert!(small.no_move(7).contains("action 7"));
        assert!(Toguz::default().move_of(9).is_none());
        assert_eq!(Toguz::default().move_of(8), Move::from_action(8));
    }
}
