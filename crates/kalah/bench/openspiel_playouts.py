"""Random play-outs of OpenSpiel's `mancala` (Kalah), stepped from Python: the same work as

    mancala playouts kalah GAMES --seed S

(a uniformly random legal move at every ply, move generation and the choice included, one
game after another), ending with the same line: `games=G moves=M seconds=T moves_per_sec=R`.

    python openspiel_playouts.py GAMES [SEED]
"""

import random
import sys
import time

import pyspiel


def main(args):
    games = int(args[0])
    rng = random.Random(int(args[1]) if len(args) > 1 else 0)
    game = pyspiel.load_game("mancala")
    moves = 0
    clock = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    seconds = time.perf_counter() - clock
    rate = moves / max(seconds, 1e-9)
    print(f"games={games} moves={moves} seconds={seconds:.3f} moves_per_sec={rate:.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
